/**
 * Names the analyst has ruled out: competitors marked "not a competitor" (hidden) and the brand's
 * own products from project settings. A found competitor goes when any of its spellings is one of
 * them, inflected or not ("Яндекс Маркетом" for "Яндекс Маркет").
 */
import type { FoundCompetitor } from './competitors';
import { isNameForm } from './name-pattern';

export function withoutExcluded(
  found: FoundCompetitor[],
  excluded: string[],
  russianContext: boolean,
): FoundCompetitor[] {
  const names = excluded.map((n) => n.trim()).filter(Boolean);
  if (!names.length || !found.length) return found;
  const ruledOut = (phrase: string) => names.some((n) => isNameForm(n, phrase, russianContext));
  return found.filter((c) => !ruledOut(c.name) && !c.forms.some(ruledOut));
}
