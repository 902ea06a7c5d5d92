import { analyzeAnswer as mainAnalyze } from '../../src-main/engine/answer-reading/analyze';
import { analyzeAnswer as baseAnalyze } from '../../../wt-start/src-main/engine/answer-reading/analyze';
import { allAnswerFixtures } from '../fixtures/answers';
const single = allAnswerFixtures.map((f) => f.input).filter((i) => i.text.length > 0);
const long = single.map((input, i) => {
  const same = single.filter((o) => o.language === input.language);
  const parts = Array.from({ length: 6 }, (_, k) => same[(i + k) % same.length].text);
  return { ...input, text: parts.join('\n\n') };
});
const inputs = [...single, ...long];
const time = (f: typeof mainAnalyze) => { const t = process.cpuUsage(); for (const i of inputs) f(i); const d = process.cpuUsage(t); return (d.user + d.system) / 1000; };
for (let i = 0; i < 3; i++) { time(mainAnalyze); time(baseAnalyze); }
const m: number[] = [], b: number[] = [];
const N = Number(process.env.N ?? 15);
for (let i = 0; i < N; i++) { m.push(time(mainAnalyze)); b.push(time(baseAnalyze)); }
const med = (x: number[]) => x.sort((p, q) => p - q)[x.length >> 1];
console.log(`fixture mix ${inputs.length} answers, CPU ms per round (median of ${N}): main ${med(m).toFixed(1)} (${Math.round(inputs.length / med(m) * 1000)}/s)  base ${med(b).toFixed(1)} (${Math.round(inputs.length / med(b) * 1000)}/s)  ratio ${(med(m) / med(b)).toFixed(2)}`);
import { realAnswers } from '../fixtures/real-answers';
import { realInput } from '../fixtures/real-answers/input';
const real = realAnswers.map(realInput);
const timeR = (f: typeof mainAnalyze) => { const t = process.cpuUsage(); for (const i of real) f(i); const d = process.cpuUsage(t); return (d.user + d.system) / 1000; };
for (let i = 0; i < 2; i++) { timeR(mainAnalyze); timeR(baseAnalyze); }
const rm: number[] = [], rb: number[] = [];
for (let i = 0; i < 7; i++) { rm.push(timeR(mainAnalyze)); rb.push(timeR(baseAnalyze)); }
console.log(`real-style ${real.length} answers: main ${med(rm).toFixed(1)} ms (${Math.round(real.length / med(rm) * 1000)}/s)  base ${med(rb).toFixed(1)} ms (${Math.round(real.length / med(rb) * 1000)}/s)  ratio ${(med(rm) / med(rb)).toFixed(2)}`);
