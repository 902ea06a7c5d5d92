/**
 * Parts of a response that write their own JSON text (issue 14: the analytics bodies of many MB).
 * A route's handler may put them anywhere in its body; http/json-stream.ts writes their pieces as
 * they come, and JSON.stringify (through `toJSON`) gives the same JSON anywhere else.
 */

/**
 * A part of a body that writes its own JSON text, piece by piece. jsonStream writes the pieces as
 * they come, so a large part never exists as objects (answers/history's rows are built from the
 * cell texts the database stores, not from tens of thousands of parsed cells); anything else that
 * serializes it (JSON.stringify, c.json) gets the same JSON through `toJSON`. `T` is the value the
 * text is the JSON of: what the route's type says is there.
 */
export class JsonPieces<T> {
  /** Only for the type checker: what the text is the JSON of. */
  declare readonly json?: T;
  constructor(readonly write: () => Iterable<JsonPiece>) {}

  toJSON(): T {
    let text = '';
    for (const piece of this.write())
      if (typeof piece === 'string') text += piece;
      else for (const part of piece) text += textOf(part);
    return JSON.parse(text) as T;
  }
}

/**
 * A piece of JSON text: a string, or the UTF-8 bytes of one as a list of parts, in order (whole
 * JSON tokens, so a character is never split between parts). Bytes are for texts written many
 * times over, encoded once (jsonByteTexts); the parts are copied once, into the chunk sent.
 */
export type JsonPiece = string | readonly Uint8Array[];

const textOf = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/** The UTF-8 bytes of a value's JSON text (for jsonByteTexts). */
export const jsonBytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

/** A body for jsonStream: any part of `T` may be JsonPieces of that part. */
export type Streamed<T> =
  | T
  | JsonPieces<T>
  | (T extends Array<infer E>
      ? Array<Streamed<E>>
      : T extends object
        ? { [K in keyof T]: Streamed<T[K]> }
        : T);

/**
 * An object's JSON from its fields, in the order of `Object.keys(fields)` (as JSON.stringify):
 * plain values through JSON.stringify, JsonPieces as their pieces.
 */
export function jsonObject<T extends object>(fields: { [K in keyof T]: Streamed<T[K]> }): JsonPieces<T> {
  return new JsonPieces<T>(function* () {
    let separator = '{';
    for (const key of Object.keys(fields)) {
      const value = (fields as Record<string, unknown>)[key];
      if (value instanceof JsonPieces) {
        yield `${separator}${JSON.stringify(key)}:`;
        yield* (value as JsonPieces<unknown>).write();
      } else {
        const text = JSON.stringify(value) as string | undefined;
        if (text === undefined) continue;
        yield `${separator}${JSON.stringify(key)}:${text}`;
      }
      separator = ',';
    }
    yield separator === '{' ? '{}' : '}';
  });
}

/**
 * An object whose values are JSON texts already: `each` calls `add` with its keys, in order, each
 * with the JSON text of its value (made by JSON.stringify), or null to leave the key out. It is
 * called each time the object is written, so texts can be made as they are written. The object
 * is written as one piece (a history row's dates: a few kB to tens of kB), not a piece per key:
 * answers/sources-history has 52,000 keys, and each piece passed up through the nested writers
 * cost more than the text itself. Keys must not be array indexes ("1", "42"): JavaScript puts
 * those first whatever the order, and `toJSON` would not give the same text.
 */
export function jsonTexts<T extends Record<string, unknown>>(
  each: (add: (key: string, text: string | null) => void) => void,
): JsonPieces<T> {
  return new JsonPieces<T>(function* () {
    let text = '';
    each((key, value) => {
      if (value === null) return;
      text += `${text ? ',' : '{'}${JSON.stringify(key)}:${value}`;
    });
    yield text ? `${text}}` : '{}';
  });
}

const OPEN = Buffer.from('{');
const COMMA = Buffer.from(',');
const COLON = Buffer.from(':');
const CLOSE = Buffer.from('}');
const EMPTY = Buffer.from('{}');

/**
 * jsonTexts with keys and values as UTF-8 bytes (jsonBytes), encoded once by the caller and
 * written as often as they occur: answers/sources-history's 52,000 (prompt, date) places share
 * about a hundred date keys and a few thousand cell texts. The object is one piece (its parts),
 * so the 12 MB body is never a string (building, flattening and encoding that string, and collecting
 * it, was most of the endpoint's time). Same rules as jsonTexts for the keys.
 */
export function jsonByteTexts<T extends Record<string, unknown>>(
  each: (add: (key: Uint8Array, value: Uint8Array) => void) => void,
): JsonPieces<T> {
  return new JsonPieces<T>(function* () {
    const parts: Uint8Array[] = [];
    each((key, value) => {
      parts.push(parts.length ? COMMA : OPEN, key, COLON, value);
    });
    if (!parts.length) parts.push(EMPTY);
    else parts.push(CLOSE);
    yield parts;
  });
}
