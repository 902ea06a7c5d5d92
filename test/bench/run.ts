/**
 * `npm run bench`: runs every benchmark in test/bench and prints its figures. Benchmarks measure;
 * they never fail a build (speed targets are read off their output, not asserted in tests).
 */
import { runPipelineBench } from './pipeline.bench';

const benches: Array<{ name: string; run: () => Promise<void> }> = [
  { name: 'Pipeline: 500 prompts × 6 demo networks', run: runPipelineBench },
];

async function main() {
  if (!benches.length) console.log('No benchmarks yet.');
  for (const bench of benches) {
    console.log(`\n## ${bench.name}`);
    await bench.run();
  }
}

void main();
