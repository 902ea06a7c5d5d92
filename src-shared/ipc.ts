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
