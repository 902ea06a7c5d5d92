/**
 * `npm run bench`: runs every benchmark in test/bench and prints its figures. Benchmarks measure;
 * they never fail a build (speed targets are read off their output, not asserted in tests).
 */
import { runPipelineBench } from './pipeline.bench';
import { runAnalyticsBench } from './analytics.bench';
import { runReportsBench } from './reports.bench';
import { benchAnalysis } from './analysis.bench';
import { benchCompetitorRecall } from './analysis-recall.bench';
import { benchRealAnswers } from './real-answers.bench';
import { runUiHistoryBench } from './ui-history.bench';
import { requestedPostgres, withoutDatabaseArgs } from './postgres-target';

const argv = process.argv.slice(2);
/** `--database URL|postgres` or ANSWERSCOPE_DATABASE_URL: the analytics bench on PostgreSQL too. */
const postgres = requestedPostgres(argv);

const benches: Array<{ name: string; run: () => Promise<void> }> = [
  { name: 'Analysis throughput (answers per second, one core)', run: benchAnalysis },
  { name: 'Analysis recall: real-style labelled answers (the yardstick)', run: benchRealAnswers },
  { name: 'Analysis recall: competitors on demo answers (smoke test)', run: benchCompetitorRecall },
  { name: 'Pipeline: 500 prompts × 6 demo networks', run: runPipelineBench },
  {
    name: 'Analytics: a year of data (500 prompts × 6 networks × 104 updates)',
    run: () => runAnalyticsBench({ postgres }),
  },
  { name: 'Reports: a 30-day report, every block but ai_conclusions', run: runReportsBench },
  {
    name: 'UI: the History tab at 2,000 prompts × 12 dates (frames while scrolling)',
    run: runUiHistoryBench,
  },
];

/**
 * `npm run bench -- analytics reports` runs only the benches whose name contains a given word;
 * `npm run bench -- analytics --database postgres://…` (or `--database postgres`, a throwaway
 * cluster) adds PostgreSQL's figures to the analytics bench.
 */
async function main() {
  const wanted = withoutDatabaseArgs(argv).map((w) => w.toLowerCase());
  const chosen = benches.filter(
    (b) => !wanted.length || wanted.some((w) => b.name.toLowerCase().includes(w)),
  );
  if (!chosen.length) console.log(`No benchmark matches ${wanted.join(', ')}.`);
  for (const bench of chosen) {
    console.log(`\n## ${bench.name}`);
    await bench.run();
  }
}

void main();
