import { analyzeAnswer } from '../../src-main/engine/analysis/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
const lang = process.argv[2];
const only = process.argv[3] ? new Set(process.argv[3].split(',')) : null;
for (const a of realAnswers) {
  if (lang && a.language !== lang) continue;
  const r = analyzeAnswer(realInput(a));
  const gold = a.expected.competitors.map((g) => g.split('|').map(foldName));
  const fp = r.competitors.filter((n) => !gold.some((v) => v.includes(foldName(n))));
  for (const n of fp) {
    if (only && !only.has(n)) continue;
    const line = a.text.split('\n').find((l) => l.includes(n)) ?? '?';
    console.log(`${a.id} «${n}»: ${line.slice(0, 220)}`);
  }
}
