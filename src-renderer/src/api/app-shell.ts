import {
  APP_SHELL_MCP_PATH,
  APP_SHELL_REMOTE_PATH,
  APP_SHELL_SAVE_PDF_PATH,
  type McpClientConfig,
  type RemoteServerInput,
  type RemoteServerSettings,
  type SavePdfInput,
} from '../../../src-shared/ipc';
import type { ApiErrorBody } from '../../../src-shared/errors';
import { ApiError, currentTransport } from './client';

/**
 * Desktop-only requests answered by the Electron main process (docs/desktop.md), sent through
 * the same transport as the API. They are not API routes, so they live beside the route table.
 */
async function shellRequest<T>(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await currentTransport().request({
    method,
    path,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = response.body ? (JSON.parse(response.body) as unknown) : {};
  if (response.status < 200 || response.status > 299) {
    const errorBody = parsed as ApiErrorBody;
    throw new ApiError(response.status, errorBody, errorBody.message ?? `Error ${response.status}`);
  }
  return parsed as T;
}

export const isDesktop = () => currentTransport().kind === 'ipc';

export const getRemoteServer = () =>
  shellRequest<{ data: RemoteServerSettings }>('GET', APP_SHELL_REMOTE_PATH).then((r) => r.data);

export const setRemoteServer = (input: RemoteServerInput) =>
  shellRequest<{ data: RemoteServerSettings }>('PUT', APP_SHELL_REMOTE_PATH, input).then((r) => r.data);

/** "Save PDF…" on the desktop: main fetches the file and shows the save dialog. 409 while printing. */
export const savePdf = (input: SavePdfInput) =>
  shellRequest<{ data: { saved: boolean; path: string | null } }>(
    'POST',
    APP_SHELL_SAVE_PDF_PATH,
    input,
  ).then((r) => r.data);

/** The stdio MCP server's launch for an assistant on this computer, with this installation's paths. */
export const getMcpConfig = () =>
  shellRequest<{ data: McpClientConfig }>('GET', APP_SHELL_MCP_PATH).then((r) => r.data);
