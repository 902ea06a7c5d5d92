import { APP_SHELL_MCP_PATH, type McpClientConfig } from '../../src-shared/ipc';
import { jsonResponse, type Bridge } from './bridge-core';

/**
 * `GET /app-shell/mcp` → `{data: McpClientConfig}`: the MCP snippet the app settings show, with
 * this installation's paths (mcp/client-config.ts builds it). Answered by main, never forwarded:
 * the stdio server always opens this computer's data folder, whichever server the UI talks to.
 */
export function mountMcpConfigRoute(bridge: Bridge, config: McpClientConfig) {
  bridge.route(APP_SHELL_MCP_PATH, async (request) => {
    if (request.method !== 'GET') return jsonResponse(405, { message: 'Use GET.' });
    return jsonResponse(200, { data: config });
  });
}
