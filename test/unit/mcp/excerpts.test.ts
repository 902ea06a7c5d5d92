import { describe, expect, it } from 'vitest';
import { answerExcerpts, markedExcerpt } from '../../../src-main/mcp/excerpts';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

function spanOf(text: string, needle: string, from = 0) {
  const start = text.indexOf(needle, from);
  return { start, end: start + needle.length, text: needle };
}

describe('answerExcerpts', () => {
  it('cuts around each span on word boundaries, with highlight offsets into the excerpt', () => {
    const answer = `${filler(60)} Acme is the best choice. ${filler(60)} Rival Corp is cheaper. ${filler(60)}`;
    const brand = spanOf(answer, 'Acme');
    const rival = spanOf(answer, 'Rival Corp');
    const { excerpts, spans_total } = answerExcerpts(answer, {
      brand: [brand],
      competitors: [{ ...rival, name: 'Rival Corp', competitor_id: 7 }],
    });
    expect(spans_total).toBe(2);
    expect(excerpts).toHaveLength(2);
    const [first, second] = excerpts;
    expect(answer.slice(first.start, first.end)).toBe(first.text);
    expect(first.text.slice(first.highlights[0].start, first.highlights[0].end)).toBe('Acme');
    expect(first.highlights[0].kind).toBe('brand');
    expect(second.highlights[0]).toMatchObject({ kind: 'competitor', name: 'Rival Corp' });
    // Word boundaries: no excerpt starts or ends inside a word.
    for (const e of excerpts) {
      expect(e.start === 0 || /\s/.test(answer[e.start - 1])).toBe(true);
      expect(e.end === answer.length || /\s/.test(answer[e.end])).toBe(true);
      expect(e.text.length).toBeLessThan(300);
    }
    expect(markedExcerpt(first, answer.length)).toMatch(/^….*\*\*Acme\*\* is the best choice\..*…$/);
    expect(markedExcerpt(second, answer.length)).toContain('_Rival Corp_ is cheaper');
  });

  it('puts near spans in one excerpt and keeps at most three', () => {
    const answer = `${filler(40)} Acme and Beta and Gamma. ${filler(80)} Delta. ${filler(80)} Epsilon. ${filler(80)} Zeta. ${filler(40)}`;
    const names = ['Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
    const { excerpts, spans_total } = answerExcerpts(answer, {
      brand: [spanOf(answer, 'Acme')],
      competitors: names.map((n) => ({ ...spanOf(answer, n), name: n, competitor_id: null })),
    });
    expect(spans_total).toBe(6);
    expect(excerpts).toHaveLength(3);
    expect(excerpts[0].highlights.map((h) => h.name)).toEqual(['Acme', 'Beta', 'Gamma']);
    expect(excerpts[2].highlights.map((h) => h.name)).toEqual(['Epsilon']);
  });

  it("gives the answer's opening when there is no span", () => {
    const answer = filler(200);
    const { excerpts, spans_total } = answerExcerpts(answer, null);
    expect(spans_total).toBe(0);
    expect(excerpts).toHaveLength(1);
    expect(excerpts[0].start).toBe(0);
    expect(answer.startsWith(excerpts[0].text)).toBe(true);
    expect(excerpts[0].text.length).toBeLessThan(300);
    expect(answerExcerpts('', null).excerpts).toEqual([]);
  });
});
