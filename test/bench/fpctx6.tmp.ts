import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import { heldOut6Answers } from '../fixtures/real-answers/held-out-6';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
for (const a of heldOut6Answers) {
  const r = analyzeAnswer(realInput(a));
  const exp = a.expected.competitors.map((g) => g.split('|').map(foldName));
  const fps = r.competitors.filter((c) => !exp.some((vs) => vs.includes(foldName(c))));
  if (!fps.length) continue;
  console.log(`## ${a.id} [${a.brand}] act: ${a.activities}`);
  for (const f of fps) {
    const i = a.text.indexOf(f);
    console.log(`  ${f}: …${a.text.slice(Math.max(0, i - 100), i + f.length + 50).replace(/\n/g, '⏎')}…`);
  }
}
