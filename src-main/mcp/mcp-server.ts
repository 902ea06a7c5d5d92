import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Api } from './api';
import { registerActionTools, type ActionToolOptions } from './tools-actions';
import { registerAnalyticsTools } from './tools-analytics';
import { registerResourcesAndPrompts } from './resources-prompts';

export type McpAdapterOptions = ActionToolOptions;

/** Version the server reports to clients: the app's. */
const SERVER_INFO = { name: 'answerscope', title: 'AnswerScope', version: '0.1.0' };

/**
 * AnswerScope as an MCP server: eight tools, the summary resource and the brief prompt, all over
 * one `Api` (the engine's request handler as one identity). Stdio and HTTP build it the same way.
 */
export function createMcpServer(api: Api, options: McpAdapterOptions = {}): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      "AnswerScope measures how AI assistants talk about a brand. Start with list_projects, then get_summary; figures are percentages of answers at a project's update, changes in percentage points against the update before.",
  });
  registerActionTools(server, api, options);
  registerAnalyticsTools(server, api);
  registerResourcesAndPrompts(server, api);
  return server;
}
