import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/analysis/analyze';
import { buildComment } from '../../../src-main/engine/analysis/comment';
import { allAnswerFixtures } from '../../fixtures/answers';

describe('analyzeAnswer on labelled answers', () => {
  // The target is 150+ (issue 3); this floor tracks what exists so the set never shrinks.
  it('covers every supported language', () => {
    expect(allAnswerFixtures.length).toBeGreaterThanOrEqual(78);
    for (const lang of ['ru', 'en', 'de', 'es']) {
      expect(allAnswerFixtures.filter((f) => f.input.language === lang).length).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(allAnswerFixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const result = analyzeAnswer(f.input);
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
    expect(result).toEqual({
      mention: e.mention,
      mention_position: e.mention_position,
      tone: e.tone,
      occurrences: e.occurrences,
      competitors: e.competitors,
      urls: e.urls,
      site_mentioned: e.site_mentioned,
      site_position: e.site_position,
      comment,
    });
  });
});
