import { resolve } from 'node:path';
import { isPostgresUrl } from '../engine/db/connection';

/** `--name value` and `--flag` arguments; positional ones are kept in `_`. */
export function parseArgs(argv: string[]): { _: string[]; [key: string]: string | boolean | string[] } {
  const out: { _: string[]; [key: string]: string | boolean | string[] } = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      if (inline !== undefined) out[key] = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
      else out[key] = true;
    } else out._.push(arg);
  }
  return out;
}

/** `--data-dir`, else `$ANSWERSCOPE_DATA_DIR`, else `./.answerscope` (decisions.md §1). */
export function dataDirFrom(args: Record<string, unknown>): string {
  const given = typeof args['data-dir'] === 'string' ? (args['data-dir'] as string) : undefined;
  return resolve(given ?? process.env.ANSWERSCOPE_DATA_DIR ?? '.answerscope');
}

/**
 * `--database URL`, else `$ANSWERSCOPE_DATABASE_URL`: a `postgres://` URL puts the data in that
 * PostgreSQL database (a team server, docs/deploy.md); none keeps the SQLite file in the data
 * folder. Throws on anything else, so a typo never falls back to an empty SQLite file.
 */
export function databaseUrlFrom(args: Record<string, unknown>): string | undefined {
  const given = typeof args.database === 'string' ? args.database : process.env.ANSWERSCOPE_DATABASE_URL;
  if (!given) return undefined;
  if (!isPostgresUrl(given))
    throw new Error(
      '--database / ANSWERSCOPE_DATABASE_URL takes a postgres:// URL (postgres://user:pass@host:5432/db).',
    );
  return given;
}
