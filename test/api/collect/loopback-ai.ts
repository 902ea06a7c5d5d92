import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export type Reply =
  { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | 'hang';

/**
 * A stand-in AI provider on 127.0.0.1: a real HTTP server that records every request and
 * answers with whatever the test's `reply` function says (a provider's wire format, an error,
 * or never answering).
 */
export async function startLoopbackAi(reply: (req: SeenRequest, index: number) => Reply | Promise<Reply>) {
  const seen: SeenRequest[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* keep text */
      }
      const request: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      seen.push(request);
      const answer = await reply(request, seen.length - 1);
      if (answer === 'hang') {
        const release = () => res.destroy();
        hanging.add(release);
        res.on('close', () => hanging.delete(release));
        return;
      }
      const headers = { 'content-type': 'application/json', ...answer.headers };
      res.writeHead(answer.status ?? 200, headers);
      res.end(answer.text ?? JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat completion in the OpenAI wire format, with an optional top-level citations array. */
export const chatCompletion = (content: string, citations?: string[]) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 20, total_tokens: 25 },
  ...(citations && { citations }),
});
