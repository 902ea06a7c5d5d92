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
  constructor(readonly write: () => Iterable<string>) {}

  toJSON(): T {
    let text = '';
    for (const piece of this.write()) text += piece;
    return JSON.parse(text) as T;
  }
}

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
 * An object whose values are JSON texts already: `entries` gives its keys, in order, each with
 * the JSON text of its value (made by JSON.stringify), or null to leave the key out. It is walked
 * each time the object is written, so texts can be made as they are written. Keys must not be
 * array indexes ("1", "42"): JavaScript puts those first whatever the order, and `toJSON` would
 * not give the same text.
 */
export function jsonTexts<T extends Record<string, unknown>>(
  entries: () => Iterable<readonly [string, string | null]>,
): JsonPieces<T> {
  return new JsonPieces<T>(function* () {
    let separator = '{';
    for (const [key, text] of entries()) {
      if (text === null) continue;
      yield `${separator}${JSON.stringify(key)}:${text}`;
      separator = ',';
    }
    yield separator === '{' ? '{}' : '}';
  });
}
