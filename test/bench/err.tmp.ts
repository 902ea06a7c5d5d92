import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { heldOutAnswers } from '../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../fixtures/real-answers/held-out-3';
import { heldOut4Answers } from '../fixtures/real-answers/held-out-4';
import { heldOut5Answers } from '../fixtures/real-answers/held-out-5';
import { heldOut6Answers } from '../fixtures/real-answers/held-out-6';
import { realInput } from '../fixtures/real-answers/input';
import { foldName } from './real-answers.bench';
const set = process.argv[2] === 'ho' ? heldOutAnswers : process.argv[2] === 'h2' ? heldOut2Answers : process.argv[2] === 'h3' ? heldOut3Answers : process.argv[2] === 'h4' ? heldOut4Answers : process.argv[2] === 'h5' ? heldOut5Answers : process.argv[2] === 'h6' ? heldOut6Answers : realAnswers;
const lang = process.argv[3];
for (const a of set) {
  if (lang && a.language !== lang) continue;
  const r = analyzeAnswer(realInput(a));
  const got = r.competitors.map(foldName);
  const exp = a.expected.competitors.map((g) => g.split('|').map(foldName));
  const fps = r.competitors.filter((c) => !exp.some((vs) => vs.includes(foldName(c))));
  const fns = a.expected.competitors.filter((g) => !g.split('|').map(foldName).some((v) => got.includes(v)));
  const pos = r.mention_position !== a.expected.mention_position ? ` POS ${r.mention_position}≠${a.expected.mention_position}` : '';
  const tone = r.tone !== a.expected.tone ? ` TONE ${r.tone}≠${a.expected.tone}` : '';
  if (!fps.length && !fns.length && !pos && !tone) continue;
  console.log(`${a.id} [${a.brand}]${pos}${tone}`);
  if (fps.length) console.log(`   FP(${a.id}): ${fps.join(" · ")}`);
  if (fns.length) console.log(`   FN: ${fns.join(' · ')}`);
}
