import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { DomainError, unauthenticated, notFound, payloadTooLarge } from '../errors';
import { STATUS_OF } from './status';
import { userForToken } from '../auth/tokens';
import { getUser } from '../account/users';
import { mountRoutes } from './routes/index';

export interface AppEnv {
  Variables: { user: UserRow; ctx: EngineContext };
  Bindings: { trustedUserId?: number };
}

export type App = Hono<AppEnv>;

const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The one request handler of the API. Every way in (IPC, headless HTTP, tests) reaches it, so
 * auth, validation, errors and shapes are the same everywhere.
 */
export function createApp(ctx: EngineContext): App {
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof DomainError) return c.json(error.body, STATUS_OF[error.kind]);
    console.error('[engine] unexpected error', error);
    return c.json({ message: 'Server error.' }, 500);
  });
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw payloadTooLarge();
      },
    }),
  );

  // Bearer auth on every API route; the desktop IPC path passes a trusted user instead.
  app.use('/api/*', async (c, next) => {
    c.set('ctx', ctx);
    const trusted = c.env?.trustedUserId;
    if (trusted !== undefined) {
      c.set('user', await getUser(ctx, trusted));
      return next();
    }
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const user = match ? await userForToken(ctx, match[1]) : undefined;
    if (!user) throw unauthenticated();
    c.set('user', user);
    return next();
  });

  mountRoutes(app);
  app.all('/api/*', () => {
    throw notFound('Not found.');
  });
  return app;
}
