import { createHash } from 'node:crypto';
import { invalidField } from '../errors';

/**
 * Opaque page cursors of the answers tabs (decisions.md §7): the offset into the filtered,
 * sorted prompt list plus a fingerprint of the filters that define that list, signed so that an
 * edited or foreign cursor is a 422 instead of a silently wrong page. The signature guards
 * against mistakes, not attackers: a cursor only ever selects data the caller may read anyway.
 */
const KEY = 'answerscope-analytics-cursor-v1';

const sign = (payload: string) =>
  createHash('sha256').update(KEY).update(payload).digest('base64url').slice(0, 22);

export function fingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(offset: number, print: string): string {
  const payload = Buffer.from(JSON.stringify({ o: offset, f: print })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The offset a cursor points at; 422 on `cursor` when it was altered or belongs to other filters. */
export function decodeCursor(cursor: string | undefined, print: string): number {
  if (cursor === undefined) return 0;
  const invalid = () => invalidField('cursor', 'The cursor is invalid or belongs to other filters.');
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined || sign(payload) !== signature) throw invalid();
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o: unknown; f: unknown };
    if (!Number.isSafeInteger(data.o) || (data.o as number) < 0 || data.f !== print) throw invalid();
    return data.o as number;
  } catch {
    throw invalid();
  }
}
