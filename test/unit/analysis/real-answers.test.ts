/**
 * The realistic corpus as tests (issue 11). `npm run bench -- recall` prints the full figures;
 * here they are floors a change must not fall below, and per-class cases: in answers where the
 * analysis already tells every trap of a class apart, the traps stay out of the competitors while
 * the real competitors of the same answers stay in.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/analysis/analyze';
import type { AnalysisResult } from '../../../src-main/engine/analysis/types';
import { emptyTally, figuresOf, foldName, scoreAnswer } from '../../bench/real-answers.bench';
import { realAnswers } from '../../fixtures/real-answers';
import { heldOutAnswers } from '../../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../../fixtures/real-answers/held-out-3';
import { TRAP_CLASSES, type RealAnswer, type TrapClass } from '../../fixtures/real-answers/corpus';
import { realInput } from '../../fixtures/real-answers/input';

// Each answer is analysed once for every test below (long answers with new names compile new
// patterns: the first pass is the slow one).
const results = new Map<string, AnalysisResult>();
const resultOf = (a: RealAnswer) => {
  let r = results.get(a.id);
  if (!r) results.set(a.id, (r = analyzeAnswer(realInput(a))));
  return r;
};
const found = (a: RealAnswer) => resultOf(a).competitors.map(foldName);

describe('the realistic corpus', () => {
  it('holds 200+ hand-labelled answers in ru, en, de and es, every class represented', () => {
    expect(realAnswers.length).toBeGreaterThanOrEqual(200);
    for (const lang of ['ru', 'en', 'de', 'es']) {
      expect(realAnswers.filter((a) => a.language === lang).length).toBeGreaterThanOrEqual(40);
    }
    for (const c of TRAP_CLASSES) {
      expect(realAnswers.flatMap((a) => a.traps).filter((t) => t.class === c).length).toBeGreaterThan(200);
    }
    expect(new Set(realAnswers.map((a) => a.id)).size).toBe(realAnswers.length);
    for (const a of realAnswers) for (const t of a.traps) expect(a.text).toContain(t.text);
  });

  // Floors a little under the figures last measured (2026-11-24, stop 21: P 0.843, R 0.832, position
  // 0.938); raise them as it improves.
  it('keeps its measured accuracy', { timeout: 120_000 }, () => {
    const tally = emptyTally();
    for (const a of realAnswers) scoreAnswer(tally, a, resultOf(a));
    const all = figuresOf(tally);
    expect(all.precision).toBeGreaterThanOrEqual(0.82);
    expect(all.recall).toBeGreaterThanOrEqual(0.81);
    expect(all.position).toBeGreaterThanOrEqual(0.92);
    expect(all.mentionF1).toBeGreaterThanOrEqual(0.98);
    expect(all.occurrences).toBeGreaterThanOrEqual(0.95);
    expect(all.urls).toBe(1);
    expect(all.sitePosition).toBe(1);
  });
});

/**
 * Per class: the share of answers with none of its traps taken for a competitor, and the share of
 * those answers' real competitors still found. Floors a little under the last measured figures.
 */
const CLASS_FLOORS: Record<TrapClass, { clean: number; recall: number }> = {
  'common-word': { clean: 0.97, recall: 0.81 },
  'acronym-document': { clean: 0.92, recall: 0.81 },
  institution: { clean: 0.87, recall: 0.81 },
  'own-product': { clean: 0.96, recall: 0.81 },
  'date-amount-code': { clean: 0.97, recall: 0.81 },
  'inflection-join': { clean: 0.98, recall: 0.81 },
};

describe.each(TRAP_CLASSES)('traps of class %s', (cls) => {
  it('stay out of the competitors while the real competitors of the same answers are found', () => {
    const cases = realAnswers.filter((a) => a.traps.some((t) => t.class === cls));
    let clean = 0;
    let gold = 0;
    let hits = 0;
    for (const a of cases) {
      const names = found(a);
      const traps = a.traps.filter((t) => t.class === cls).map((t) => foldName(t.text));
      if (!traps.some((t) => names.includes(t))) clean++;
      for (const g of a.expected.competitors) {
        gold++;
        if (g.split('|').some((v) => names.includes(foldName(v)))) hits++;
      }
    }
    expect(clean / cases.length).toBeGreaterThanOrEqual(CLASS_FLOORS[cls].clean);
    expect(hits / gold).toBeGreaterThanOrEqual(CLASS_FLOORS[cls].recall);
  });
});

/** One written set: its size per language, ids apart from the corpus, traps found in the text. */
function expectWellFormed(set: RealAnswer[], perLanguage: number): void {
  expect(set).toHaveLength(perLanguage * 4);
  for (const lang of ['ru', 'en', 'de', 'es']) {
    expect(set.filter((a) => a.language === lang)).toHaveLength(perLanguage);
  }
  const ids = new Set(realAnswers.map((a) => a.id));
  expect(set.filter((a) => ids.has(a.id))).toEqual([]);
  for (const a of set) for (const t of a.traps) expect(a.text).toContain(t.text);
}

function figuresOfSet(set: RealAnswer[]) {
  const tally = emptyTally();
  for (const a of set) scoreAnswer(tally, a, resultOf(a));
  return figuresOf(tally);
}

interface Floors {
  precision: number;
  recall: number;
  position: number;
}

/**
 * The sets written blind apart from the corpus, each with floors a little under its figures at the
 * end of the stop that last measured it. The first two were tuned on after they were written (so
 * they no longer say how rules carry over); the last one is the held-out set, never used to tune
 * the analysis: its floors only stop a change from making unseen answers worse.
 */
const WRITTEN_BLIND: Array<{ name: string; set: RealAnswer[]; perLanguage: number; floors: Floors }> = [
  // Stop 20, tuned on since stop 21. End of stop 22: P 0.843, R 0.888, position 0.896.
  {
    name: 'the second tuning set (held-out)',
    set: heldOutAnswers,
    perLanguage: 12,
    floors: { precision: 0.82, recall: 0.86, position: 0.87 },
  },
  // Stop 21, tuned on since stop 22. First measured blind: P 0.723, R 0.902, position 0.766; end of
  // stop 22: P 0.819, R 0.910, position 0.844.
  {
    name: 'the third tuning set (held-out-2)',
    set: heldOut2Answers,
    perLanguage: 16,
    floors: { precision: 0.8, recall: 0.89, position: 0.82 },
  },
  // Stop 22, blind. First measured with the code of the start of stop 22: P 0.573, R 0.887,
  // position 0.844; end of stop 22: P 0.594, R 0.908, position 0.859.
  {
    name: 'the held-out set (held-out-3)',
    set: heldOut3Answers,
    perLanguage: 16,
    floors: { precision: 0.57, recall: 0.88, position: 0.83 },
  },
];

describe.each(WRITTEN_BLIND)('$name', ({ set, perLanguage, floors }) => {
  it('is well formed and shares no id with the corpus or another set', () => {
    expectWellFormed(set, perLanguage);
    const others = new Set(WRITTEN_BLIND.flatMap((b) => (b.set === set ? [] : b.set.map((a) => a.id))));
    expect(set.filter((a) => others.has(a.id))).toEqual([]);
  });

  it('keeps its measured accuracy', { timeout: 60_000 }, () => {
    const all = figuresOfSet(set);
    expect(all.precision).toBeGreaterThanOrEqual(floors.precision);
    expect(all.recall).toBeGreaterThanOrEqual(floors.recall);
    expect(all.position).toBeGreaterThanOrEqual(floors.position);
    expect(all.mentionF1).toBeGreaterThanOrEqual(0.97);
    expect(all.occurrences).toBeGreaterThanOrEqual(0.94);
    expect(all.urls).toBe(1);
    expect(all.sitePosition).toBe(1);
  });
});
