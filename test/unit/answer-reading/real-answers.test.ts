/**
 * The realistic corpus as tests (issue 11). `npm run bench -- recall` prints the full figures;
 * here they are floors a change must not fall below, and per-class cases: in answers where the
 * analysis already tells every trap of a class apart, the traps stay out of the competitors while
 * the real competitors of the same answers stay in.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import type { AnalysisResult } from '../../../src-main/engine/answer-reading/types';
import { emptyTally, figuresOf, foldName, scoreAnswer } from '../../bench/real-answers.bench';
import { realAnswers } from '../../fixtures/real-answers';
import { heldOutAnswers } from '../../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../../fixtures/real-answers/held-out-3';
import { heldOut4Answers } from '../../fixtures/real-answers/held-out-4';
import { heldOut5Answers } from '../../fixtures/real-answers/held-out-5';
import { heldOut6Answers } from '../../fixtures/real-answers/held-out-6';
import { heldOut7Answers } from '../../fixtures/real-answers/held-out-7';
import { heldOut8Answers } from '../../fixtures/real-answers/held-out-8';
import { heldOut9Answers } from '../../fixtures/real-answers/held-out-9';
import { heldOut10Answers } from '../../fixtures/real-answers/held-out-10';
import { heldOut11Answers } from '../../fixtures/real-answers/held-out-11';
import { heldOut12Answers } from '../../fixtures/real-answers/held-out-12';
import { heldOut13Answers } from '../../fixtures/real-answers/held-out-13';
import { heldOut14Answers } from '../../fixtures/real-answers/held-out-14';
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
});

interface AccuracyFloors {
  precision: number;
  recall: number;
  position: number;
  mentionF1: number;
  occurrences: number;
  /** Tone right among the answers that name the brand (TONE-RUBRIC.md); measured since stop 25. */
  tone: number;
}

/**
 * Each written set and the floors its figures must not fall below: a little under the figures
 * last measured; raise them as the analysis improves. URLs and the site's position are exact (1).
 * The corpus runs first: it analyses most answers (the slow first pass), hence its timeout.
 */
const ACCURACY: Array<{ name: string; set: RealAnswer[]; timeout: number; floors: AccuracyFloors }> = [
  {
    // Measured at the end of stop 23: P 0.894, R 0.838, position 0.938 (stop 22: 0.873 / 0.837 / 0.938).
    // End of stop 25 (lone mentions): P 0.910, R 0.822, position 0.951; tone 0.709.
    name: 'the realistic corpus',
    set: realAnswers,
    timeout: 120_000,
    floors: {
      precision: 0.89,
      recall: 0.815,
      position: 0.92,
      mentionF1: 0.98,
      occurrences: 0.95,
      tone: 0.67,
    },
  },
  {
    // held-out/, written blind in stop 20, tuned on since stop 21. End of stop 23: P 0.879, R 0.888,
    // position 0.938. Tone 0.791 → 0.767 in stop 28 (a "but" after praise takes a point off; the
    // tuning sets together gained, 0.709 → 0.720).
    name: 'the second tuning set',
    set: heldOutAnswers,
    timeout: 60_000,
    floors: { precision: 0.89, recall: 0.86, position: 0.91, mentionF1: 0.98, occurrences: 0.94, tone: 0.75 },
  },
  {
    // held-out-2/, written blind in stop 21 (first measured: P 0.723, R 0.902, position 0.766), tuned
    // on since stop 22. End of stop 23: P 0.956, R 0.919, position 0.922, mention F1 1.000.
    name: 'the third tuning set',
    set: heldOut2Answers,
    timeout: 60_000,
    floors: { precision: 0.92, recall: 0.9, position: 0.9, mentionF1: 0.98, occurrences: 0.97, tone: 0.7 },
  },
  {
    // held-out-3/, written blind in stop 22 (first measured: P 0.573, R 0.887, position 0.844), tuned
    // on since stop 23. End of stop 23: P 0.877, R 0.918, position 0.906.
    name: 'the fourth tuning set',
    set: heldOut3Answers,
    timeout: 60_000,
    floors: { precision: 0.89, recall: 0.89, position: 0.88, mentionF1: 0.98, occurrences: 0.96, tone: 0.69 },
  },
  {
    // held-out-4/, written blind in stop 23 (first measured with the code of the start of stop 23:
    // P 0.587, R 0.764, position 0.828), tuned on later in stop 23: P 0.772, R 0.797, position 0.891.
    name: 'the fifth tuning set',
    set: heldOut4Answers,
    timeout: 60_000,
    floors: { precision: 0.81, recall: 0.77, position: 0.86, mentionF1: 0.98, occurrences: 0.96, tone: 0.7 },
  },
  {
    // held-out-5/, written blind in stop 23 (first measured with the code of the start of stop 23:
    // P 0.547, R 0.675, position 0.891), tuned on in stop 24: P 0.728, R 0.695, position 0.922.
    name: 'the sixth tuning set',
    set: heldOut5Answers,
    timeout: 60_000,
    floors: { precision: 0.72, recall: 0.67, position: 0.9, mentionF1: 0.98, occurrences: 0.95, tone: 0.6 },
  },
  {
    // held-out-6/, written blind in stop 24 (first measured: P 0.648, R 0.807, position 0.891), tuned
    // on since stop 25; before its errors were read: P 0.688, R 0.811; end of stop 25: P 0.806,
    // R 0.832, position 0.938.
    name: 'the seventh tuning set',
    set: heldOut6Answers,
    timeout: 60_000,
    floors: { precision: 0.77, recall: 0.78, position: 0.87, mentionF1: 0.98, occurrences: 0.97, tone: 0.67 },
  },
  {
    // held-out-7/, written blind in stop 25 (code of the start of stop 25: P 0.654, R 0.744, position
    // 0.813, tone 0.683; end of stop 25: P 0.757, R 0.760, position 0.844), tuned on in stop 26:
    // P 0.879, R 0.825, position 0.906, tone 0.850.
    name: 'the eighth tuning set',
    set: heldOut7Answers,
    timeout: 60_000,
    floors: { precision: 0.84, recall: 0.79, position: 0.87, mentionF1: 0.98, occurrences: 0.97, tone: 0.8 },
  },
  {
    // held-out-8/, written blind in stop 25 (start of stop 25: P 0.664, R 0.645, position 0.859; end
    // of stop 25: P 0.759, R 0.669, position 0.891, tone 0.683), tuned on in stop 26 after the rules
    // fitted on held-out-7 had moved it to P 0.774: P 0.866, R 0.739, position 0.891, tone 0.700.
    name: 'the ninth tuning set',
    set: heldOut8Answers,
    timeout: 60_000,
    floors: { precision: 0.83, recall: 0.7, position: 0.86, mentionF1: 0.98, occurrences: 0.97, tone: 0.66 },
  },
  {
    // held-out-9/, written blind in stop 26 (code of the start of stop 26: P 0.734, R 0.839, position
    // 0.828, tone 0.625; after the rules fitted on held-out-7 and -8: P 0.744, R 0.846, position
    // 0.844, tone 0.643), its errors read at the end of stop 26: P 0.823, R 0.853.
    name: 'the tenth tuning set',
    set: heldOut9Answers,
    timeout: 60_000,
    floors: { precision: 0.78, recall: 0.81, position: 0.81, mentionF1: 0.98, occurrences: 0.95, tone: 0.6 },
  },
  {
    // held-out-10/, written blind in stop 26 (code of the start of stop 26: P 0.648, R 0.736,
    // position 0.703, tone 0.464, mention F1 0.991; end of stop 26: P 0.676, R 0.745, position
    // 0.734), its errors read in stop 27: P 0.775, R 0.794; end of stop 27 (names passed by, tone
    // by the rubric): P 0.841, R 0.767, position 0.750, tone 0.518.
    name: 'the eleventh tuning set',
    set: heldOut10Answers,
    timeout: 60_000,
    floors: { precision: 0.8, recall: 0.73, position: 0.72, mentionF1: 0.98, occurrences: 0.94, tone: 0.48 },
  },
  {
    // held-out-11/, written blind in stop 27 (code of the start of stop 27: P 0.611, R 0.757,
    // position 0.703, tone 0.607), consulted in aggregate for stop 27's rules: P 0.714, R 0.757,
    // position 0.797, tone 0.679. Its errors were read at the end of stop 27.
    name: 'the twelfth tuning set',
    set: heldOut11Answers,
    timeout: 60_000,
    floors: { precision: 0.68, recall: 0.72, position: 0.76, mentionF1: 0.98, occurrences: 0.9, tone: 0.64 },
  },
  {
    // held-out-12/, written blind at the end of stop 27 (code of the start of stop 27: P 0.714,
    // R 0.747, position 0.750, tone 0.579; end of stop 27: P 0.759, R 0.712, position 0.781, tone
    // 0.632), its errors read in stop 28: P 0.771, R 0.712, position 0.797, tone 0.632.
    name: 'the thirteenth tuning set',
    set: heldOut12Answers,
    timeout: 60_000,
    floors: { precision: 0.74, recall: 0.68, position: 0.76, mentionF1: 0.98, occurrences: 0.97, tone: 0.6 },
  },
  {
    // held-out-13/, written blind at the start of stop 28 by two helpers that never saw the analyser
    // and measured blind through the stop (code of the start of stop 28: P 0.758, R 0.810, position
    // 0.734, tone 0.554; end of stop 28: P 0.758, R 0.810, position 0.734, tone 0.571, occurrences
    // 0.969 once possessives were labelled as every other set labels them). Tuned on from stop 29.
    name: 'the fourteenth tuning set',
    set: heldOut13Answers,
    timeout: 60_000,
    floors: { precision: 0.72, recall: 0.77, position: 0.7, mentionF1: 0.98, occurrences: 0.93, tone: 0.54 },
  },
  {
    // held-out-14/, written blind at the end of stop 28 by two helpers that never saw the analyser
    // (58 answers), consulted by no choice. Code of the start and of the end of stop 28 alike: P 0.800,
    // R 0.773, position 0.793, tone 0.759, occurrences 1.000.
    name: 'the held-out set',
    set: heldOut14Answers,
    timeout: 60_000,
    floors: { precision: 0.77, recall: 0.74, position: 0.76, mentionF1: 0.98, occurrences: 0.97, tone: 0.72 },
  },
];

describe.each(ACCURACY)('$name', ({ set, timeout, floors }) => {
  it('keeps its measured accuracy', { timeout }, () => {
    const all = figuresOfSet(set);
    expect(all.precision).toBeGreaterThanOrEqual(floors.precision);
    expect(all.recall).toBeGreaterThanOrEqual(floors.recall);
    expect(all.position).toBeGreaterThanOrEqual(floors.position);
    expect(all.mentionF1).toBeGreaterThanOrEqual(floors.mentionF1);
    expect(all.occurrences).toBeGreaterThanOrEqual(floors.occurrences);
    expect(all.tone).toBeGreaterThanOrEqual(floors.tone);
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
/** Answers per language: one count for all four, or one each (ru, en, de, es). */
type PerLanguage = number | [number, number, number, number];

function expectWellFormed(set: RealAnswer[], perLanguage: PerLanguage): void {
  const counts =
    typeof perLanguage === 'number' ? [perLanguage, perLanguage, perLanguage, perLanguage] : perLanguage;
  expect(set).toHaveLength(counts.reduce((a, b) => a + b, 0));
  (['ru', 'en', 'de', 'es'] as const).forEach((lang, i) => {
    expect(set.filter((a) => a.language === lang)).toHaveLength(counts[i]);
  });
  const ids = new Set(realAnswers.map((a) => a.id));
  expect(set.filter((a) => ids.has(a.id))).toEqual([]);
  for (const a of set) for (const t of a.traps) expect(a.text).toContain(t.text);
}

function figuresOfSet(set: RealAnswer[]) {
  const tally = emptyTally();
  for (const a of set) scoreAnswer(tally, a, resultOf(a));
  return figuresOf(tally);
}

/** The sets written blind: well formed, and apart from the corpus and from each other. */
describe.each([
  { name: 'held-out', set: heldOutAnswers, perLanguage: 12 },
  { name: 'held-out-2', set: heldOut2Answers, perLanguage: 16 },
  { name: 'held-out-3', set: heldOut3Answers, perLanguage: 16 },
  { name: 'held-out-4', set: heldOut4Answers, perLanguage: 16 },
  { name: 'held-out-5', set: heldOut5Answers, perLanguage: 16 },
  { name: 'held-out-6', set: heldOut6Answers, perLanguage: 16 },
  { name: 'held-out-7', set: heldOut7Answers, perLanguage: 16 },
  { name: 'held-out-8', set: heldOut8Answers, perLanguage: 16 },
  { name: 'held-out-9', set: heldOut9Answers, perLanguage: 16 },
  { name: 'held-out-10', set: heldOut10Answers, perLanguage: 16 },
  { name: 'held-out-11', set: heldOut11Answers, perLanguage: 16 },
  { name: 'held-out-12', set: heldOut12Answers, perLanguage: 16 },
  { name: 'held-out-13', set: heldOut13Answers, perLanguage: 16 },
  { name: 'held-out-14', set: heldOut14Answers, perLanguage: [13, 13, 16, 16] as PerLanguage },
])('the written-blind set $name', ({ set, perLanguage }) => {
  it('holds its answers per language, none sharing an id with the corpus or another set', () => {
    expectWellFormed(set, perLanguage);
    const others = [
      heldOutAnswers,
      heldOut2Answers,
      heldOut3Answers,
      heldOut4Answers,
      heldOut5Answers,
      heldOut6Answers,
      heldOut7Answers,
      heldOut8Answers,
      heldOut9Answers,
      heldOut10Answers,
      heldOut11Answers,
      heldOut12Answers,
      heldOut13Answers,
      heldOut14Answers,
    ]
      .filter((o) => o !== set)
      .flat();
    const ids = new Set(others.map((a) => a.id));
    expect(set.filter((a) => ids.has(a.id))).toEqual([]);
  });
});
