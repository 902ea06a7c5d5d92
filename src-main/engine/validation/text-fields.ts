import { z } from 'zod';

/**
 * Control characters other than tab. A single-line field (a name, a host, an address) with CR or
 * LF could split a header or a log line (an SMTP host, a mail subject); NUL cuts strings short
 * in C libraries underneath. Multi-line text (prompts, notes) allows line breaks; NUL is refused in
 * every JSON body before any schema sees it (readJson, engine/http/json-body.ts).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

export const SINGLE_LINE_MESSAGE = 'This field must be a single line without control characters.';

/** A trimmed one-line string of 1..max characters without control characters. */
export const singleLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !CONTROL.test(v), SINGLE_LINE_MESSAGE);

/** The same check for a schema built elsewhere (an optional or nullable field). */
export const isSingleLine = (value: string | null | undefined) => value == null || !CONTROL.test(value);
