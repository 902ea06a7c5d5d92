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

/** A chunk's size in bytes (at least; a chunk ends with the piece that reaches it). */
const CHUNK_CHARS = 64 * 1024;
/** The buffer text pieces are written into: a chunk and a piece fit (longer pieces are encoded alone). */
const TEXT_BYTES = 2 * CHUNK_CHARS;

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
        // Text pieces are written into the chunk as they come, byte pieces (jsonByteTexts) join as
        // they are. (Joining the text pieces into one string first made V8 flatten that string, as
        // two-byte text as soon as one piece held a non-Latin-1 character, before encoding it:
        // ~6 ms per summary, more than writing each piece.)
        const parts: Uint8Array[] = [];
        let size = 0;
        let buffer: Buffer | null = null;
        let used = 0;
        const endText = () => {
          if (buffer && used) parts.push(buffer.subarray(0, used));
          buffer = null;
          used = 0;
        };
        const send = () => {
          endText();
          controller.enqueue(parts.length === 1 ? parts[0] : Buffer.concat(parts));
        };
        for (;;) {
          const next = source.next();
          if (next.done) {
            if (size) send();
            controller.close();
            return;
          }
          const piece = next.value;
          if (typeof piece === 'string') {
            // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
            const most = piece.length * 3;
            if (buffer && most > buffer.length - used) endText();
            if (most > TEXT_BYTES) {
              const bytes = Buffer.from(piece);
              parts.push(bytes);
              size += bytes.byteLength;
            } else {
              buffer ??= Buffer.allocUnsafe(TEXT_BYTES);
              const written = buffer.write(piece, used);
              used += written;
              size += written;
            }
          } else {
            endText();
            for (const part of piece) {
              parts.push(part);
              size += part.byteLength;
            }
          }
          if (size >= CHUNK_CHARS) {
            send();
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
