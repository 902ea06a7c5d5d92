import { analyzeAnswer } from '../../src-main/engine/analysis/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
const lang = process.argv[2];
for (const a of realAnswers) {
  if (lang && a.language !== lang) continue;
  const r = analyzeAnswer(realInput(a));
  const got = r.competitors.map(foldName);
  for (const g of a.expected.competitors) {
    const vs = g.split('|');
    if (vs.map(foldName).some((v) => got.includes(v))) continue;
    const lines = a.text.split('\n').filter((l) => l.toLowerCase().includes(vs[vs.length - 1].toLowerCase()));
    console.log(`${a.id} «${g}» ×${lines.length}: ${(lines[0] ?? '?').slice(0, 200)}`);
  }
}
