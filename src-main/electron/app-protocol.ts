import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { APP_HOST } from './window-options';

/**
 * What `app://answerscope/…` answers inside Electron (registered with protocol.handle): the
 * built renderer with an SPA fallback, and `/api/*` through the engine with bearer auth, exactly
 * like the headless HTTP host. The API part serves links the engine hands out (the print view's
 * `#token=` address, a report's PDF `file`); the main window itself uses IPC, never a token.
 */
export interface AppProtocolOptions {
  /** Folder of the built renderer (out/renderer). */
  rendererRoot: string;
  engine: { handle(request: Request): Promise<Response> };
  csp: string;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const root = resolve(options.rendererRoot);
  const security = {
    'content-security-policy': options.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (url.pathname.startsWith('/api/')) return options.engine.handle(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405 });
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    let file = normalize(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) return new Response('Not found', { status: 404 });
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    if (!existsSync(file)) {
      return new Response('The desktop UI is not built: run npm start (it builds first).', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', ...security },
      });
    }
    return new Response(readFileSync(file), {
      status: 200,
      headers: { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', ...security },
    });
  };
}
