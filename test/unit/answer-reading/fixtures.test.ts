import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import { buildComment } from '../../../src-main/engine/answer-reading/comment';
import type { AnalysisResult } from '../../../src-main/engine/answer-reading/types';
import { allAnswerFixtures } from '../../fixtures/answers';
import type { AnswerFixture } from '../../fixtures/answers/fixture';
import { knownLimitations } from '../../fixtures/answers/known-limitations';

/** The full result a careful analyst expects, comment included (built from the expected facts). */
function expectedResult(f: AnswerFixture): Omit<AnalysisResult, 'evidence'> {
  const e = f.expected;
  const comment =
    e.mention && e.placement && e.tone && e.mention_position
      ? buildComment({
          brand: f.input.brand,
          position: e.mention_position,
          brands: e.competitors.length + 1,
          tone: e.tone,
          placement: e.placement,
          language: f.input.language,
        })
      : null;
  return {
    mention: e.mention,
    mention_position: e.mention_position,
    tone: e.tone,
    occurrences: e.occurrences,
    competitors: e.competitors,
    urls: e.urls,
    site_mentioned: e.site_mentioned,
    site_position: e.site_position,
    comment,
  };
}

describe('analyzeAnswer on labelled answers', () => {
  it('covers 150+ answers, 30+ in each of ru, en, de, es', () => {
    expect(allAnswerFixtures.length).toBeGreaterThanOrEqual(150);
    for (const lang of ['ru', 'en', 'de', 'es']) {
      expect(allAnswerFixtures.filter((f) => f.input.language === lang).length).toBeGreaterThanOrEqual(30);
    }
    expect(new Set(allAnswerFixtures.map((f) => f.name)).size).toBe(allAnswerFixtures.length);
  });

  it.each(allAnswerFixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const { evidence: _evidence, ...result } = analyzeAnswer(f.input);
    expect(result).toEqual(expectedResult(f));
  });
});

// Known limits of the offline heuristics: expected to fail until the analysis learns them.
describe('known limitations (expected to fail)', () => {
  it.fails.each(knownLimitations.map((l) => [`${l.fixture.name}: ${l.reason}`, l.fixture] as const))(
    '%s',
    (_name, f) => {
      const { evidence: _evidence, ...result } = analyzeAnswer(f.input);
      expect(result).toEqual(expectedResult(f));
    },
  );
});
