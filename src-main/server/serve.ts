import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { createEngine } from '../engine/engine';
import { createUiSessionToken, revokeToken, UI_SESSION_MS } from '../engine/auth/tokens';
import { startHttpHost } from './http-host';
import { parseArgs, dataDirFrom, databaseUrlFrom } from './args';
import { headlessPorts } from './headless-ports';
import { allowedHostsFrom } from './host-check';
import { ensureWebBuild } from './web-build';
import { applyServeHeapSettings } from './heap-settings';

/**
 * `npm run serve -- --data-dir DIR --host 127.0.0.1 --port PORT [--allowed-hosts a,b]
 * [--public-url https://name] [--database postgres://…]`: the
 * engine and the web UI over HTTP. Builds the web UI first when it is missing or older than its
 * sources (one line says so). Prints `AnswerScope listening on http://HOST:PORT` when ready, and a one-time UI
 * address whose token expires after a day and is revoked when the server stops (or, after a
 * crash, when it starts again).
 */
async function main() {
  // Before the engine allocates anything (heap-settings.ts: peak memory while serving).
  applyServeHeapSettings();
  const args = parseArgs(process.argv.slice(2));
  const dataDir = dataDirFrom(args);
  const host = typeof args.host === 'string' ? args.host : '127.0.0.1';
  const port = typeof args.port === 'string' ? Number(args.port) : 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port ${args.port}: give a number from 0 to 65535 (0 picks a free port).`);
    process.exit(2);
  }
  const publicUrl = publicUrlFrom(args);
  if (publicUrl === null) {
    console.error('Invalid --public-url: give an http(s) origin such as https://answerscope.team.example');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  // A web root of one's own is served as it is; ours is rebuilt when missing or stale.
  const webRoot = typeof args['web-root'] === 'string' ? args['web-root'] : join(root, 'out/web');
  if (typeof args['web-root'] !== 'string') ensureWebBuild(root, webRoot);

  // Whatever else lands in the data folder (a printer's temporary file) is private too.
  process.umask(0o077);
  const keyFile = typeof args['key-file'] === 'string' ? args['key-file'] : process.env.ANSWERSCOPE_KEY_FILE;
  const databaseUrl = databaseUrlFrom(args);
  const engine = await createEngine({
    dataDir,
    databaseUrl,
    ports: headlessPorts(args),
    keyFile: keyFile ? resolve(keyFile) : undefined,
  });
  const allowedHosts = allowedHostsFrom(args);
  const server = await startHttpHost(engine, { host, port, webRoot, allowedHosts });
  // Behind a proxy, links (pages, report files, e-mails) use the address people type.
  if (publicUrl) engine.setPublicUrl(publicUrl);
  // Jobs start once the address is known: a print resumed after a crash opens the print view there.
  engine.start();
  const session = await createUiSessionToken(engine.ctx, engine.localOwnerId);
  console.log(`AnswerScope listening on ${server.url}`);
  console.log(
    `Open the UI: ${server.url}/#token=${session.token} (works for ${UI_SESSION_MS / 3_600_000} hours, until this server stops)`,
  );
  console.log(`MCP (streamable HTTP): ${server.url}/mcp with a bearer token (npm run cli -- token create)`);
  console.log(`Data folder: ${dataDir}`);
  if (databaseUrl) console.log(`Database: PostgreSQL at ${redactedUrl(databaseUrl)}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping (running jobs finish at a safe point)…`);
    await revokeToken(engine.ctx, session.id).catch(() => undefined);
    await server.close();
    await engine.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The URL without its password, for the start-up lines. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** `--public-url` or `$ANSWERSCOPE_PUBLIC_URL`: an http(s) origin (no path); null when invalid. */
function publicUrlFrom(args: Record<string, unknown>): string | undefined | null {
  const raw =
    typeof args['public-url'] === 'string' ? args['public-url'] : process.env.ANSWERSCOPE_PUBLIC_URL;
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
    if (url.pathname !== '/' || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

main().catch((error) => {
  console.error(`AnswerScope could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
