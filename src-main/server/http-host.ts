import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { isIP, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Engine } from '../engine/engine';
import { hostAllowed, hostName } from './host-check';
import { uiContentSecurityPolicy } from '../../src-shared/csp';
import { handleMcpHttp, MCP_HTTP_PATH } from '../mcp/http-endpoint';

export interface HttpHostOptions {
  host?: string;
  port?: number;
  /** Folder of the built web UI (`out/web`); served at `/` with an SPA fallback. */
  webRoot?: string;
  /** Host names accepted besides localhost and IP literals (see host-check.ts). */
  allowedHosts?: readonly string[];
}

export interface HttpHost {
  url: string;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

const FOREIGN_HOST_BODY = Buffer.from(
  JSON.stringify({
    message:
      'This Host name is not allowed. Use localhost or an IP address, or start the server with --allowed-hosts NAME.',
  }),
);

/**
 * The headless host: the engine behind node:http. `/api/*` goes to `engine.handle`, `/mcp` to the
 * MCP adapter (which calls `engine.handle` too); everything else is the built web UI. Binds to loopback unless told otherwise, and answers only requests
 * whose Host is a name it knows (DNS rebinding, see host-check.ts).
 */
export async function startHttpHost(engine: Engine, options: HttpHostOptions = {}): Promise<HttpHost> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = [...(options.allowedHosts ?? []), ...(isIP(host) ? [] : [host])];
  // Set once listening; requests reach the engine with this origin, never the Host header's.
  let origin = 'http://127.0.0.1';
  const server = createServer((req, res) => {
    if (hostName(req.headers.host) === null) {
      sendJson(res, 400, { message: 'The Host header is malformed.' });
      return;
    }
    if (!hostAllowed(req.headers.host, allowedHosts)) {
      res.writeHead(403, { 'content-type': 'application/json', 'content-length': FOREIGN_HOST_BODY.length });
      res.end(FOREIGN_HOST_BODY);
      return;
    }
    const refusal = malformed(req);
    if (refusal) {
      sendJson(res, refusal.status, { message: refusal.message }, refusal.headers);
      return;
    }
    void route(engine, options.webRoot, origin, req, res).catch((error) => {
      console.error('[serve] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Server error.' }));
    });
  });
  // CONNECT (a proxy tunnel) is not ours: answer 405 instead of dropping the socket.
  server.on('connect', (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nallow: ${ALLOWED_METHODS.join(', ')}\r\ncontent-type: application/json\r\n` +
        `content-length: ${METHOD_BODY.length}\r\nconnection: close\r\n\r\n${METHOD_BODY}`,
    );
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  origin = url;
  engine.setPublicUrl(url);
  return {
    url,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections?.();
        server.close(() => resolveClose());
      }),
  };
}

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const METHOD_BODY = JSON.stringify({ message: 'This method is not allowed.' });

/**
 * What the engine must never see: a method fetch's Request refuses (TRACE, TRACK), a target
 * that is not a path, a path whose percent-escapes do not decode. 405/400 `{message}`, never 500.
 */
function malformed(
  req: IncomingMessage,
): { status: number; message: string; headers?: Record<string, string> } | null {
  if (!ALLOWED_METHODS.includes(req.method ?? ''))
    return {
      status: 405,
      message: 'This method is not allowed.',
      headers: { allow: ALLOWED_METHODS.join(', ') },
    };
  try {
    // An absolute-form target (`GET http://other/path`) is valid HTTP/1.1: only its path counts.
    decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return { status: 400, message: 'The request path is malformed.' };
  }
  return null;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length, ...headers });
  res.end(bytes);
}

async function route(
  engine: Engine,
  webRoot: string | undefined,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
    const response = await engine.handle(toRequest(req, url, origin));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    await sendBody(response, res);
    return;
  }
  if (url.pathname === MCP_HTTP_PATH) {
    // MCP over streamable HTTP: the same engine, the same bearer tokens (docs/mcp.md).
    const response = await handleMcpHttp(engine, toRequest(req, url, origin));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    await sendBody(response, res);
    return;
  }
  serveStatic(webRoot, url.pathname, res);
}

/**
 * Pipes the engine's body to the socket as it is produced (large analytics bodies are streams;
 * buffering them here would undo that). Without a Content-Length header Node sends it chunked.
 */
async function sendBody(response: Response, res: ServerResponse) {
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    // The client went away mid-body: nothing left to answer. Anything else is the engine's fault.
    if (res.destroyed && (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    res.destroy(error as Error);
    console.error('[serve] response body failed', error);
  }
}

function toRequest(req: IncomingMessage, url: URL, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // The server's own origin, never the Host header: whatever the engine builds from the request
  // URL cannot point elsewhere, and a malformed Host (let through by `--allowed-hosts *`) cannot
  // break the URL. The path is the parsed one, so an absolute-form target smuggles nothing in.
  return new Request(new URL(`${url.pathname}${url.search}`, origin), {
    method: req.method,
    headers,
    body: hasBody ? (req as unknown as ReadableStream) : undefined,
    // Node's fetch needs this to stream a request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** The desktop's policy too (src-shared/csp.ts): the web UI loads nothing from a third party. */
const SECURITY_HEADERS = {
  'content-security-policy': uiContentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

function serveStatic(webRoot: string | undefined, pathname: string, res: ServerResponse) {
  if (!webRoot || !existsSync(join(webRoot, 'index.html'))) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS });
    res.end(
      // The marker tells the PDF printer at once that there is no print view here.
      '<!doctype html><title>AnswerScope</title><p data-print-ready="error">The web UI is not built: run <code>npm run build:web</code> (or restart <code>npm run serve</code>, which builds it). The API is at <code>/api</code>.</p>',
    );
    return;
  }
  const root = resolve(webRoot);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Bad path.' }));
    return;
  }
  let file = normalize(join(root, decoded));
  if (!file.startsWith(root + sep) && file !== root) {
    res.writeHead(404).end();
    return;
  }
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  const type = MIME[extname(file)] ?? 'application/octet-stream';
  const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': type, 'cache-control': cache, ...SECURITY_HEADERS });
  res.end(readFileSync(file));
}
