import type { Context } from 'hono';
import { JsonPieces, type JsonPiece } from '../json-pieces';

/**
 * Large JSON bodies as a stream of UTF-8 chunks, byte for byte what `JSON.stringify(body)` gives.
 *
 * Why: answers/sources-history is 12 MB of JSON and an answers/history page 4 MB. `c.json(body)`
 * builds the whole text as one string and then its bytes as one buffer; several requests' worth of
 * both stay alive until V8's next full collection, which is what pushed the engine's peak memory
 * over its goal. Here the envelope is walked and every array is written element by element (each
 * element through `JSON.stringify`), batched into chunks of about 64 KB, and only when the reader
 * asks for more, so at most a chunk and one element's text exist at a time. A part that writes its
 * own JSON (JsonPieces, json-pieces.ts: the history tabs' rows) is written piece by piece.
 */

/** A chunk's size: characters of text plus bytes of byte pieces. */
const CHUNK_CHARS = 64 * 1024;

/** Objects the walk descends into; anything else (Date, Map, boxed values…) goes to JSON.stringify whole. */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The JSON text of `value` in pieces. Follows JSON.stringify's rules where the walk does its own
 * work: JsonPieces as their pieces, then `toJSON`, own enumerable keys in their order, properties
 * whose value has no JSON form (undefined, functions, symbols) left out, such array elements
 * written as `null`.
 * Returns undefined pieces never: a value without a JSON form yields nothing (the caller decides).
 */
function* pieces(value: unknown, key: string, depth: number): Generator<JsonPiece> {
  if (value instanceof JsonPieces) {
    yield* (value as JsonPieces<unknown>).write();
    return;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text !== undefined) yield text;
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      if (value[i] instanceof JsonPieces) {
        yield* (value[i] as JsonPieces<unknown>).write();
        continue;
      }
      // Other array elements are stringified whole: they are the rows, each small next to the body.
      // (JSON.stringify would call an element's toJSON with its index; only Date has one here.)
      const text = JSON.stringify(value[i]) as string | undefined;
      yield text === undefined ? 'null' : text;
    }
    yield ']';
    return;
  }
  if (!isPlainObject(value) || depth > 8) {
    const text = JSON.stringify(value);
    if (text !== undefined) yield text;
    return;
  }
  yield '{';
  let first = true;
  for (const k of Object.keys(value)) {
    const v = value[k];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    // A toJSON may itself return undefined: the property is then left out, as JSON.stringify does.
    const inner = pieces(v, k, depth + 1);
    const head = inner.next();
    if (head.done) continue;
    yield `${first ? '' : ','}${JSON.stringify(k)}:`;
    first = false;
    yield head.value;
    yield* inner;
  }
  yield '}';
}

/** A ReadableStream of the UTF-8 bytes of `JSON.stringify(body)`, produced as the reader pulls. */
export function jsonStream(body: unknown): ReadableStream<Uint8Array> {
  let source: Generator<JsonPiece> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        source ??= pieces(body, '', 0);
        // Text pieces are joined and encoded together; byte pieces (jsonByteTexts) join as they are.
        const parts: Uint8Array[] = [];
        let text = '';
        let size = 0;
        const chunk = () => {
          if (text) parts.push(Buffer.from(text));
          return parts.length === 1 ? parts[0] : Buffer.concat(parts);
        };
        for (;;) {
          const next = source.next();
          if (next.done) {
            if (text || parts.length) controller.enqueue(chunk());
            controller.close();
            return;
          }
          const piece = next.value;
          if (typeof piece === 'string') {
            text += piece;
            size += piece.length;
          } else {
            if (text) parts.push(Buffer.from(text));
            text = '';
            for (const part of piece) {
              parts.push(part);
              size += part.byteLength;
            }
          }
          if (size >= CHUNK_CHARS) {
            controller.enqueue(chunk());
            return;
          }
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * The route's answer with a streamed JSON body: same status, content type and headers as
 * `c.json(body)` (headers set earlier with `c.header` are kept). No Content-Length: the length is
 * not known before the last chunk, so HTTP/1.1 carries it chunked.
 */
export function streamJson(c: Context, body: unknown): Response {
  return c.body(jsonStream(body), 200, { 'content-type': 'application/json' });
}
