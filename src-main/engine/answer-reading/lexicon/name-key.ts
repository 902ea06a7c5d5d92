/**
 * A name's lookup key: lowercase, `ё` as `е`, quotes and dots dropped, each Cyrillic word cut to
 * its Snowball stem, a Latin possessive or plural `s` dropped. "Госуслугах" and "Госуслуги",
 * "ЦБ РФ" and "цб рф", "Visa's" and "VISA" meet on one key, so fixed lists are looked up with a
 * Set instead of one regex of hundreds of names. Memoised: a project's answers repeat their names.
 */
import { newStemmer } from 'snowball-stemmers';

const russian = newStemmer('russian');
const CYRILLIC = /[\u0400-\u04FF]/;

const cache = new Map<string, string>();

export function nameKey(name: string): string {
  let key = cache.get(name);
  if (key === undefined) {
    if (cache.size > 20_000) cache.clear();
    cache.set(name, (key = computeKey(name)));
  }
  return key;
}

function computeKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"“”„]/g, '')
    .split(/[\s\u00A0]+/u)
    .filter(Boolean)
    .map((w) => {
      if (CYRILLIC.test(w) && /^[а-я-]+$/.test(w) && w.length > 3) return russian.stem(w);
      return w.replace(/['’]s$|['’]$/, '').replace(/(?<=[a-z]{3})s$/, '');
    })
    .join(' ');
}
