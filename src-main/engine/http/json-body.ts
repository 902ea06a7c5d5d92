import { validationError } from '../errors';

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
