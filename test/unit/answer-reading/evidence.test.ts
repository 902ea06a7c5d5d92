import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import { allAnswerFixtures } from '../../fixtures/answers';
import { realAnswers } from '../../fixtures/real-answers';
import { realInput } from '../../fixtures/real-answers/input';

const inputs = [
  ...allAnswerFixtures.map((f) => ({ name: f.name, input: f.input })),
  ...realAnswers.map((a) => ({ name: a.id, input: realInput(a) })),
];

describe('evidence: every finding points at its text', () => {
  it.each(inputs.map((i) => [i.name, i.input] as const))('%s', (_name, input) => {
    const result = analyzeAnswer(input);
    const { brand, competitors } = result.evidence;
    for (const span of [...brand, ...competitors]) {
      expect(input.text.slice(span.start, span.end)).toBe(span.text);
    }
    // Every occurrence has a span written that way, and every span is one of the occurrences.
    const forms = new Set(brand.map((s) => s.text.replace(/\s+/g, ' ')));
    expect([...forms].sort()).toEqual([...result.occurrences].sort());
    // Every listed competitor has at least one span, and no span names an unlisted one.
    expect([...new Set(competitors.map((s) => s.name))].sort()).toEqual([...result.competitors].sort());
    // Spans never overlap one another.
    const all = [...brand, ...competitors].sort((a, b) => a.start - b.start);
    for (let i = 1; i < all.length; i++) expect(all[i].start).toBeGreaterThanOrEqual(all[i - 1].end);
  });
});
