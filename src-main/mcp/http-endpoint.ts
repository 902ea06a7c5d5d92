import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiRefusal, engineApi, type RequestHandler } from './api';
import { createMcpServer } from './mcp-server';

export const MCP_HTTP_PATH = '/mcp';

/**
 * MCP over streamable HTTP at `/mcp` of `npm run serve`, stateless: every POST carries the
 * API's bearer token and gets a server of its own acting as that token, so each tool call is an
 * API request of that user (a viewer's start_run is the API's 403). The token is checked by the
 * API itself (one `GET /api/app/account`), so "who is this" has one answer everywhere.
 * Answers are JSON, not an SSE stream: every tool answers once, and the server keeps no session.
 */
export async function handleMcpHttp(engine: RequestHandler, request: Request): Promise<Response> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) return unauthorized({ message: 'Unauthenticated.' });
  const api = engineApi(engine, { token: match[1] });
  try {
    await api({ method: 'GET', path: '/api/app/account' });
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 401) return unauthorized(error.body);
    throw error;
  }
  if (request.method !== 'POST') {
    // Stateless: no standing SSE stream (GET) and no session to end (DELETE).
    return Response.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
      { status: 405, headers: { allow: 'POST' } },
    );
  }
  const server = createMcpServer(api, { jobsNote: null });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // The JSON answer is complete once handleRequest resolves; nothing outlives the request.
    await server.close();
  }
}

function unauthorized(body: Record<string, unknown>): Response {
  return Response.json(body, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
}
