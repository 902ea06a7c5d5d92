import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import type { AnalysisInput } from '../../../src-main/engine/answer-reading/types';

const base: AnalysisInput = {
  text: `Лучшие онлайн-школы программирования в 2025 году:

1. **Яндекс Маркет Академия** – бесплатные вебинары.
2. **Skillbox** – много курсов по разработке.
3. **Нетология** – сильные программы по аналитике.
4. **Практикум** – наставники и карьерный трек.

С Яндекс Маркет Академией легко начать, но Практикум даёт больше практики.`,
  citations: [],
  brand: 'Практикум',
  alternativeBrands: [],
  domain: '',
  domainAliases: [],
  includeSubdomains: false,
  knownCompetitors: [],
  language: 'ru',
};

describe('names the analyst ruled out', () => {
  it('finds every school without exclusions', () => {
    const r = analyzeAnswer(base);
    expect(r.competitors).toEqual(['Яндекс Маркет Академия', 'Skillbox', 'Нетология']);
    expect(r.mention_position).toBe(4);
  });

  it('a hidden competitor leaves the list, inflected forms too, and the brand moves up', () => {
    const r = analyzeAnswer({ ...base, excludedNames: ['Яндекс Маркет Академия'] });
    expect(r.competitors).toEqual(['Skillbox', 'Нетология']);
    expect(r.mention_position).toBe(3);
    expect(r.evidence.competitors.map((s) => s.name)).not.toContain('Яндекс Маркет Академия');
  });

  it('an own product from settings is never a competitor', () => {
    const r = analyzeAnswer({ ...base, ownProducts: ['Skillbox', 'Нетология'] });
    expect(r.competitors).toEqual(['Яндекс Маркет Академия']);
    expect(r.mention_position).toBe(2);
  });
});
