import type { Context } from 'hono';

/**
 * api-spec.md "Versioning": deprecated endpoints answer with `Deprecation: true` and a `Link`
 * header naming each replacement with `rel="successor-version"` (the body carries
 * `deprecation.successors` with the same addresses).
 */
export function markDeprecated(c: Context, successors: string[]): void {
  c.header('Deprecation', 'true');
  c.header('Link', successors.map((url) => `<${url}>; rel="successor-version"`).join(', '));
}
