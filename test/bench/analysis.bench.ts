/**
 * Analysis throughput: answers per second on one core over the labelled fixture mix (ru, en, de,
 * es; lists, tables, prose, links), each analysed with its own project settings. Goal ≥ 2,000/s.
 * The figure is CPU time of this process (what one core delivers), printed beside wall time:
 * on a shared machine the wall clock also counts time spent waiting for a core.
 */
import { analyzeAnswer } from '../../src-main/engine/analysis/analyze';
import { allAnswerFixtures } from '../fixtures/answers';

export async function benchAnalysis(): Promise<void> {
  const single = allAnswerFixtures.map((f) => f.input).filter((i) => i.text.length > 0);
  // Real answers run 1–4 KB: half the mix joins six fixture answers of one language into one.
  const long = single.map((input, i) => {
    const same = single.filter((o) => o.language === input.language);
    const parts = Array.from({ length: 6 }, (_, k) => same[(i + k) % same.length].text);
    return { ...input, text: parts.join('\n\n') };
  });
  const inputs = [...single, ...long];
  const avgChars = Math.round(inputs.reduce((n, i) => n + i.text.length, 0) / inputs.length);
  // Warm-up: regex compilation and JIT, as in a long parse run.
  for (let i = 0; i < 3; i++) for (const input of inputs) analyzeAnswer(input);
  const rounds = 20;
  const cpuStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const input of inputs) analyzeAnswer(input);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const count = rounds * inputs.length;
  console.log(`answers analysed: ${count} (${inputs.length} distinct, ${avgChars} characters on average)`);
  console.log(`time per answer: ${((cpuSeconds / count) * 1000).toFixed(3)} ms CPU`);
  console.log(
    `throughput: ${Math.round(count / cpuSeconds)} answers/s on one core (goal ≥ 2,000); ` +
      `wall clock ${Math.round(count / seconds)} answers/s`,
  );
}
