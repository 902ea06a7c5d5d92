import { describe, expect, it } from 'vitest';
import { messages } from '../../../src-renderer/src/i18n';

/** Every dotted key path that ends in a string. */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree === 'string') return [prefix];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

describe('UI strings', () => {
  it('has every English string in Russian and no Russian string without an English one', () => {
    const en = new Set(leafKeys(messages.en));
    const ru = new Set(leafKeys(messages.ru));
    expect([...en].filter((k) => !ru.has(k))).toEqual([]);
    expect([...ru].filter((k) => !en.has(k))).toEqual([]);
  });

  it('keeps the same {placeholders} in both languages', () => {
    const get = (tree: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
    const names = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differing = leafKeys(messages.en).filter(
      (k) => names(get(messages.en, k)).join() !== names(get(messages.ru, k)).join(),
    );
    expect(differing).toEqual([]);
  });
});
