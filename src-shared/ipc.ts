/**
 * The IPC wire shape: the renderer's request as plain data, and the engine's answer. The desktop
 * bridge carries these over one channel; the same shapes describe an HTTP exchange, so the
 * renderer's client is the same over IPC and HTTP.
 */
export const IPC_CHANNEL = 'answerscope:api';

export interface WireRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with query string, starting with `/api/`. */
  path: string;
  headers?: Record<string, string>;
  /** JSON text of the body, when there is one. */
  body?: string;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  /** Response body as text (JSON for every API route). */
  body: string;
}

/** What the preload exposes on `window.answerscope` — one narrow function. */
export interface PreloadApi {
  request(request: WireRequest): Promise<WireResponse>;
}

/**
 * Desktop-only extensions, reached through the same `request` function. They are answered by
 * the main process itself (never forwarded to a remote server); docs/desktop.md describes them.
 */
export const APP_SHELL_REMOTE_PATH = '/app-shell/remote';
export const APP_SHELL_SAVE_PDF_PATH = '/app-shell/save-pdf';

export type ServerMode = 'local' | 'remote';

/** `GET /app-shell/remote` → `{data: RemoteServerSettings}`. The token itself never leaves main. */
export interface RemoteServerSettings {
  mode: ServerMode;
  /** Address of the remote AnswerScope server, or null when none was given. */
  base_url: string | null;
  token_set: boolean;
  /**
   * Where this computer keeps secrets (provider keys, the server token): the OS keychain, or
   * unencrypted in the app's folder when the OS offers no keychain (shown as a warning).
   */
  secret_storage?: 'keychain' | 'unencrypted';
}

/** `PUT /app-shell/remote`. `token` omitted keeps the stored one; '' clears it. */
export interface RemoteServerInput {
  mode: ServerMode;
  base_url?: string | null;
  token?: string;
}

/** `POST /app-shell/save-pdf` body; answers `{data: {saved, path}}` (path null when cancelled). */
export interface SavePdfInput {
  project_id: number;
  report_id: number;
}

/** `GET /app-shell/mcp` → `{data: McpClientConfig}`: how an assistant on this computer starts the MCP server. */
export const APP_SHELL_MCP_PATH = '/app-shell/mcp';

export interface McpClientConfig {
  /** The data folder the server opens: the desktop app's own. */
  data_dir: string;
  command: string;
  args: string[];
  env: Record<string, string> | null;
  /** The `mcpServers` JSON for Claude Desktop's or Cursor's configuration file, ready to paste. */
  snippet: string;
}
