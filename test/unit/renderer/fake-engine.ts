import { setTransport } from '../../../src-renderer/src/api/client';
import type { Transport, WireRequest } from '../../../src-renderer/src/api/transport';

type Handler = (req: WireRequest, body: any) => { status?: number; body?: unknown } | undefined;

/**
 * A scripted engine behind the real client: routes as `'METHOD /path'` (query ignored unless
 * given) → handler. Unknown routes answer 404 so a store test sees what it did not expect.
 */
export function installFakeEngine(routes: Record<string, Handler>, kind: 'http' | 'ipc' = 'ipc') {
  const sent: WireRequest[] = [];
  const transport: Transport = {
    kind,
    async request(req) {
      sent.push(req);
      const path = req.path.split('?')[0];
      const handler = routes[`${req.method} ${req.path}`] ?? routes[`${req.method} ${path}`];
      const out = handler?.(req, req.body ? JSON.parse(req.body) : undefined);
      if (!out) return { status: 404, headers: {}, body: JSON.stringify({ message: 'Not found.' }) };
      return { status: out.status ?? 200, headers: {}, body: JSON.stringify(out.body ?? {}) };
    },
  };
  setTransport(transport);
  return { sent, transport };
}
