/**
 * The yardstick for answer analysis: the hand-labelled corpus of real-style answers
 * (test/fixtures/real-answers), measured per language and per error class. The demo answers'
 * recall bench is a smoke test beside it.
 *
 * `npm run bench -- recall` prints both; `npx tsx test/bench/real-answers.bench.ts` this one alone.
 * It measures, it never fails a build; test/unit/answer-reading/real-answers.test.ts holds the floors.
 * The held-out set (test/fixtures/real-answers/held-out-14) is printed apart: written blind, it shows
 * whether rules fitted on the other sets carry over; tune on it, and it stops measuring that. The
 * earlier held-out sets (held-out/, -2 … -13), each blind until a later stop read its errors, are
 * printed as tuning sets.
 */
import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import type { AnalysisResult, Language } from '../../src-main/engine/answer-reading/types';
import { realAnswers } from '../fixtures/real-answers';
import { heldOutAnswers } from '../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../fixtures/real-answers/held-out-3';
import { heldOut4Answers } from '../fixtures/real-answers/held-out-4';
import { heldOut5Answers } from '../fixtures/real-answers/held-out-5';
import { heldOut6Answers } from '../fixtures/real-answers/held-out-6';
import { heldOut7Answers } from '../fixtures/real-answers/held-out-7';
import { heldOut8Answers } from '../fixtures/real-answers/held-out-8';
import { heldOut9Answers } from '../fixtures/real-answers/held-out-9';
import { heldOut10Answers } from '../fixtures/real-answers/held-out-10';
import { heldOut11Answers } from '../fixtures/real-answers/held-out-11';
import { heldOut12Answers } from '../fixtures/real-answers/held-out-12';
import { heldOut13Answers } from '../fixtures/real-answers/held-out-13';
import { heldOut14Answers } from '../fixtures/real-answers/held-out-14';
import { TRAP_CLASSES, type RealAnswer, type TrapClass } from '../fixtures/real-answers/corpus';
import { realInput } from '../fixtures/real-answers/input';

/** Names compare folded: case, `ё`, quotes and spacing do not make another name. */
export const foldName = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[’'`"«»„“]/g, '')
    .replace(/[\s\u00A0]+/g, ' ')
    .trim();

export interface Tally {
  answers: number;
  /** Competitors: found and labelled, found only, labelled only. */
  tp: number;
  fp: number;
  fn: number;
  positionExact: number;
  mentionTp: number;
  mentionFp: number;
  mentionFn: number;
  toneRight: number;
  toneCounted: number;
  occurrencesExact: number;
  urlsExact: number;
  sitePositionExact: number;
  traps: Record<TrapClass, { total: number; taken: number }>;
  falsePositives: Map<string, number>;
  misses: Map<string, number>;
}

export function emptyTally(): Tally {
  return {
    answers: 0,
    tp: 0,
    fp: 0,
    fn: 0,
    positionExact: 0,
    mentionTp: 0,
    mentionFp: 0,
    mentionFn: 0,
    toneRight: 0,
    toneCounted: 0,
    occurrencesExact: 0,
    urlsExact: 0,
    sitePositionExact: 0,
    traps: Object.fromEntries(TRAP_CLASSES.map((c) => [c, { total: 0, taken: 0 }])) as Tally['traps'],
    falsePositives: new Map(),
    misses: new Map(),
  };
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Scores one answer's analysis against its labels into `t`. */
export function scoreAnswer(t: Tally, a: RealAnswer, r: AnalysisResult): void {
  t.answers++;
  const gold = a.expected.competitors.map((g) => g.split('|').map(foldName));
  const matched = new Set<number>();
  const wrong: string[] = [];
  for (const name of r.competitors) {
    const i = gold.findIndex((variants, j) => !matched.has(j) && variants.includes(foldName(name)));
    if (i >= 0) matched.add(i);
    else wrong.push(name);
  }
  t.tp += matched.size;
  t.fp += wrong.length;
  t.fn += gold.length - matched.size;
  for (const w of wrong) bump(t.falsePositives, `${a.language}:${w}`);
  gold.forEach((variants, j) => matched.has(j) || bump(t.misses, `${a.language}:${variants[0]}`));

  for (const trap of a.traps) {
    t.traps[trap.class].total++;
    const folded = foldName(trap.text);
    if (wrong.some((w) => foldName(w) === folded || foldName(w).includes(folded)))
      t.traps[trap.class].taken++;
  }

  const e = a.expected;
  const named = e.occurrences.length > 0;
  if (r.mention && named) t.mentionTp++;
  else if (r.mention) t.mentionFp++;
  else if (named) t.mentionFn++;
  if (r.mention_position === e.mention_position) t.positionExact++;
  if (named) {
    t.toneCounted++;
    if (r.tone === e.tone) t.toneRight++;
  }
  if (sameList(r.occurrences, e.occurrences)) t.occurrencesExact++;
  if (
    sameList(
      r.urls.map((u) => u.url),
      e.urls,
    )
  )
    t.urlsExact++;
  if (r.site_position === e.site_position) t.sitePositionExact++;
}

export function addTally(into: Tally, t: Tally): void {
  for (const k of Object.keys(into) as Array<keyof Tally>) {
    const v = t[k];
    if (typeof v === 'number') (into[k] as number) += v;
  }
  for (const c of TRAP_CLASSES) {
    into.traps[c].total += t.traps[c].total;
    into.traps[c].taken += t.traps[c].taken;
  }
  for (const [k, v] of t.falsePositives) into.falsePositives.set(k, (into.falsePositives.get(k) ?? 0) + v);
  for (const [k, v] of t.misses) into.misses.set(k, (into.misses.get(k) ?? 0) + v);
}

export interface Figures {
  precision: number;
  recall: number;
  f1: number;
  position: number;
  mentionF1: number;
  tone: number;
  occurrences: number;
  urls: number;
  sitePosition: number;
}

const ratio = (a: number, b: number) => (b ? a / b : 1);

export function figuresOf(t: Tally): Figures {
  const precision = ratio(t.tp, t.tp + t.fp);
  const recall = ratio(t.tp, t.tp + t.fn);
  const mp = ratio(t.mentionTp, t.mentionTp + t.mentionFp);
  const mr = ratio(t.mentionTp, t.mentionTp + t.mentionFn);
  return {
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    position: ratio(t.positionExact, t.answers),
    mentionF1: mp + mr ? (2 * mp * mr) / (mp + mr) : 0,
    tone: ratio(t.toneRight, t.toneCounted),
    occurrences: ratio(t.occurrencesExact, t.answers),
    urls: ratio(t.urlsExact, t.answers),
    sitePosition: ratio(t.sitePositionExact, t.answers),
  };
}

/** Every corpus answer analysed and scored, per language and overall. */
export function measureRealAnswers(answers: RealAnswer[] = realAnswers): Map<Language | 'all', Tally> {
  const out = new Map<Language | 'all', Tally>([['all', emptyTally()]]);
  for (const a of answers) {
    const t = emptyTally();
    scoreAnswer(t, a, analyzeAnswer(realInput(a)));
    if (!out.has(a.language)) out.set(a.language, emptyTally());
    addTally(out.get(a.language)!, t);
    addTally(out.get('all')!, t);
  }
  return out;
}

const f3 = (x: number) => x.toFixed(3);

function top(m: Map<string, number>, n: number): string {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => (v > 1 ? `${k}×${v}` : k))
    .join(', ');
}

function printFigures(byLanguage: Map<Language | 'all', Tally>): void {
  console.log('lang answers  comp.P  comp.R  comp.F1  position  mention.F1  tone   occur.  urls   site.pos');
  for (const [lang, t] of byLanguage) {
    const f = figuresOf(t);
    console.log(
      `${lang.padEnd(4)} ${String(t.answers).padStart(7)}  ${f3(f.precision)}  ${f3(f.recall)}  ${f3(f.f1)}    ${f3(f.position)}     ${f3(f.mentionF1)}  ${f3(f.tone)}  ${f3(f.occurrences)}  ${f3(f.urls)}  ${f3(f.sitePosition)}`,
    );
  }
}

/** Traps taken per class and language, and the wrong names no trap foresaw. */
function printClasses(byLanguage: Map<Language | 'all', Tally>): void {
  console.log('\nTraps taken for competitors, per class (lower is better):');
  console.log(`class              ${[...byLanguage.keys()].map((l) => l.padStart(9)).join(' ')}`);
  for (const c of TRAP_CLASSES) {
    const cells = [...byLanguage.values()].map((t) => `${t.traps[c].taken}/${t.traps[c].total}`.padStart(9));
    console.log(`${c.padEnd(18)} ${cells.join(' ')}`);
  }
  const unforeseen = [...byLanguage.values()].map((t) => {
    const taken = TRAP_CLASSES.reduce((n, c) => n + t.traps[c].taken, 0);
    return String(Math.max(0, t.fp - taken)).padStart(9);
  });
  console.log(`${'other wrong names'.padEnd(18)} ${unforeseen.join(' ')}`);
}

export async function benchRealAnswers(): Promise<void> {
  const byLanguage = measureRealAnswers();
  console.log(`${realAnswers.length} hand-labelled real-style answers, no competitor configured.`);
  printFigures(byLanguage);
  printClasses(byLanguage);
  const all = byLanguage.get('all')!;
  console.log(`\nTaken wrongly most often: ${top(all.falsePositives, 25)}`);
  console.log(`Missed most often: ${top(all.misses, 25)}`);
  // [ordinal, set, stop it was written in, stop it was first tuned on]
  const tuningSets: Array<[string, RealAnswer[], number, number]> = [
    ['Second', heldOutAnswers, 20, 21],
    ['Third', heldOut2Answers, 21, 22],
    ['Fourth', heldOut3Answers, 22, 23],
    ['Fifth', heldOut4Answers, 23, 23],
    ['Sixth', heldOut5Answers, 23, 24],
    ['Seventh', heldOut6Answers, 24, 25],
    ['Eighth', heldOut7Answers, 25, 26],
    ['Ninth', heldOut8Answers, 25, 26],
    ['Tenth', heldOut9Answers, 26, 26],
    ['Eleventh', heldOut10Answers, 26, 27],
    ['Twelfth', heldOut11Answers, 27, 27],
    ['Thirteenth', heldOut12Answers, 27, 28],
    ['Fourteenth', heldOut13Answers, 28, 29],
  ];
  for (const [ordinal, set, written, tuned] of tuningSets) {
    console.log(
      `\n${ordinal} tuning set: ${set.length} answers written blind in stop ${written}, tuned on since stop ${tuned}.`,
    );
    printFigures(measureRealAnswers(set));
  }
  // Written blind and never looked at while tuning: how the rules carry over to answers they were
  // not fitted on. Its errors are not printed on purpose.
  console.log(
    `\nHeld-out set: ${heldOut14Answers.length} answers written blind, never used to tune the analysis.`,
  );
  const heldOut = measureRealAnswers(heldOut14Answers);
  printFigures(heldOut);
  printClasses(heldOut);
}

if (process.argv[1]?.endsWith('real-answers.bench.ts')) void benchRealAnswers();
