import { analyzeAnswer } from '../../src-main/engine/analysis/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
const lang = process.argv[2];
for (const a of realAnswers) {
  if (lang && a.language !== lang) continue;
  const r = analyzeAnswer(realInput(a));
  const gold = a.expected.competitors.map((g) => g.split('|').map(foldName));
  const got = r.competitors.map(foldName);
  const fp = r.competitors.filter((n) => !gold.some((v) => v.includes(foldName(n))));
  const fn = a.expected.competitors.filter((g) => !g.split('|').map(foldName).some((v) => got.includes(v)));
  const posBad = r.mention_position !== a.expected.mention_position;
  if (fp.length || fn.length || posBad)
    console.log(`${a.id} [${a.brand}] pos ${r.mention_position}/${a.expected.mention_position}${posBad ? ' !!' : ''}\n   FP: ${fp.join(' · ')}\n   FN: ${fn.join(' · ')}`);
}
