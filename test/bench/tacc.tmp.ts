// Tone accuracy per set (answers with a labelled mention); blind h6 printed as an aggregate only.
import { analyzeAnswer } from '../../src-main/engine/answer-reading/analyze';
import { realAnswers } from '../fixtures/real-answers';
import { heldOutAnswers } from '../fixtures/real-answers/held-out';
import { heldOut2Answers } from '../fixtures/real-answers/held-out-2';
import { heldOut3Answers } from '../fixtures/real-answers/held-out-3';
import { heldOut4Answers } from '../fixtures/real-answers/held-out-4';
import { heldOut5Answers } from '../fixtures/real-answers/held-out-5';
import { heldOut6Answers } from '../fixtures/real-answers/held-out-6';
import { realInput } from '../fixtures/real-answers/input';
const sets: Record<string, any[]> = { c: realAnswers, ho: heldOutAnswers, h2: heldOut2Answers, h3: heldOut3Answers, h4: heldOut4Answers, h5: heldOut5Answers, BLIND6: heldOut6Answers };
let line = '';
let right = 0, n = 0;
for (const [name, s] of Object.entries(sets)) {
  let r1 = 0, n1 = 0;
  for (const a of s) { if (!a.expected.occurrences.length) continue; n1++; if (analyzeAnswer(realInput(a)).tone === a.expected.tone) r1++; }
  if (name === 'BLIND6') continue;
  line += `${name} ${(r1 / n1).toFixed(3)}  `;
  if (name !== 'BLIND6') { right += r1; n += n1; }
}
console.log(line, `tuning ${(right / n).toFixed(3)} (${right}/${n})`);
