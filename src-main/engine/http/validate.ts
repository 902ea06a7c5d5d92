import type { z } from 'zod';
import { validationError, type FieldErrors } from './errors';

/**
 * Parses input with a zod schema; on failure throws a 422 whose `errors` are keyed by the
 * dotted field path (`options.period_main`, `prompts.0.value`).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length ? issue.path.join('.') : 'body';
    (errors[path] ??= []).push(messageFor(path, issue));
  }
  throw validationError(errors);
}

function messageFor(path: string, issue: z.core.$ZodIssue): string {
  const field = path.replace(/_/g, ' ');
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    return `The ${field} field is required.`;
  }
  if (issue.message && !issue.message.startsWith('Invalid input') && !issue.message.startsWith('Too ')) {
    return issue.message;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `The ${field} field must be ${article(issue.expected)}.`;
    case 'invalid_value':
      return `The selected ${field} is invalid.`;
    case 'too_small':
      return issue.origin === 'array'
        ? `The ${field} field must have at least ${issue.minimum} items.`
        : issue.origin === 'string'
          ? issue.minimum === 1
            ? `The ${field} field is required.`
            : `The ${field} field must be at least ${issue.minimum} characters.`
          : `The ${field} field must be at least ${issue.minimum}.`;
    case 'too_big':
      return issue.origin === 'array'
        ? `The ${field} field must not have more than ${issue.maximum} items.`
        : issue.origin === 'string'
          ? `The ${field} field must not be greater than ${issue.maximum} characters.`
          : `The ${field} field must not be greater than ${issue.maximum}.`;
    default:
      return `The ${field} field is invalid.`;
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    int: 'an integer',
    boolean: 'true or false',
    array: 'an array',
    object: 'an object',
  };
  return names[expected] ?? `of type ${expected}`;
}

/**
 * Reads a JSON body; an empty body is `{}`, a malformed one a 422 (not a 500). A NUL character
 * in any string or key is a 422 on its path: no field of the API has a use for one, and C code
 * underneath (SQLite's text functions, mail, PDF) cuts strings short at it.
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError({ body: ['The request body must be valid JSON.'] });
  }
  const at = nulPath(value);
  if (at !== null) {
    const path = at || 'body';
    throw validationError({
      [path]: [`The ${path.replace(/_/g, ' ')} field must not contain NUL characters.`],
    });
  }
  return value;
}

/** A path as a linked list, so a deep body costs one node per value, not a copied array. */
type PathNode = { key: string; parent: PathNode | null } | null;
const pathText = (node: PathNode): string => {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of the first string or key holding NUL, or null. Iterative: a deeply nested
 * body that JSON.parse accepted must not overflow the stack here.
 */
function nulPath(root: unknown): string | null {
  const stack: Array<[unknown, PathNode]> = [[root, null]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathText(path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], { key: String(i), parent: path }]);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries)
        if (key.includes('\u0000')) return pathText({ key: key.split('\u0000').join(''), parent: path });
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i][1], { key: entries[i][0], parent: path }]);
    }
  }
  return null;
}
