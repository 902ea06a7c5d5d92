import { describe, expect, it } from 'vitest';
import { packEvidence, unpackEvidence } from '../../src-main/engine/collect/evidence-codec';
import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';

const TEXT = '1. **Globex** — fast.\n2. **Acme** — cheap. Acme’s support is good; Globex is not.';

describe('evidence codec (answers.evidence)', () => {
  it('packs offsets only and unpacks spans equal to the text they point at', () => {
    const result = analyzeAnswer({
      text: TEXT,
      citations: [],
      brand: 'Acme',
      alternativeBrands: [],
      domain: '',
      domainAliases: [],
      includeSubdomains: false,
      knownCompetitors: [],
      language: 'en',
    });
    const packed = packEvidence(result.evidence)!;
    expect(packed).not.toContain('support');
    const view = unpackEvidence(packed, TEXT)!;
    expect(view.brand.map((s) => s.text)).toEqual(['Acme', 'Acme’s']);
    expect(view.competitors.map((s) => [s.name, s.text])).toEqual([
      ['Globex', 'Globex'],
      ['Globex', 'Globex'],
    ]);
    for (const s of [...view.brand, ...view.competitors]) expect(TEXT.slice(s.start, s.end)).toBe(s.text);
  });

  it('moves a span on bold markers to the word after it, or drops it when the name has others', () => {
    const star = TEXT.indexOf('**Globex');
    const word = star + 2;
    const only = unpackEvidence(JSON.stringify({ b: [], c: [['Globex', star, star + 1]] }), TEXT)!;
    expect(only.competitors).toEqual([{ name: 'Globex', start: word, end: word + 6, text: 'Globex' }]);
    const both = unpackEvidence(
      JSON.stringify({ b: [], c: [['Globex', star, star + 1, word, word + 6]] }),
      TEXT,
    )!;
    expect(both.competitors).toEqual([{ name: 'Globex', start: word, end: word + 6, text: 'Globex' }]);
  });

  it('drops spans outside the text or overlapping the brand, and reads damage as none', () => {
    const acme = TEXT.indexOf('Acme');
    const view = unpackEvidence(
      JSON.stringify({
        b: [acme, acme + 4, 5, 3, 0, 9999],
        c: [['X', acme, acme + 4], ['Y', -1, 2], 'junk'],
      }),
      TEXT,
    )!;
    expect(view).toEqual({ brand: [{ start: acme, end: acme + 4, text: 'Acme' }], competitors: [] });
    expect(unpackEvidence('{not json', TEXT)).toBeNull();
    expect(unpackEvidence(null, TEXT)).toBeNull();
    expect(unpackEvidence('{"b":[],"c":[]}', null)).toBeNull();
    expect(packEvidence(undefined)).toBeNull();
  });
});
