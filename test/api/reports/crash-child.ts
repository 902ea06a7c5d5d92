/**
 * A child process for the crash test: opens the engine on the data folder it is given, runs the
 * report build, and once two blocks are saved tells the parent and waits, mid-build, to be
 * killed (SIGKILL: no shutdown code runs, as in a real crash).
 */
import { createEngine } from '../../../src-main/engine/engine';
import { JOB } from '../../../src-main/engine/job-catalogue';
import { reportBuildJob } from '../../../src-main/engine/reports/report-build.job';
import { testPostgresDatabaseOf } from '../../helpers/test-database';

async function main() {
  const dataDir = process.argv[2];
  const databaseUrl = await testPostgresDatabaseOf(dataDir); // the suite's PostgreSQL, if it runs on it
  const engine = await createEngine({ dataDir, runJobs: false, databaseUrl });
  engine.jobs.register(
    JOB.reportBuild,
    reportBuildJob(engine.ctx, {
      afterBlock: async (_slug, index) => {
        if (index === 1) {
          process.send!('mid-build');
          await new Promise(() => {});
        }
      },
    }),
  );
  await engine.jobs.drain();
}

void main();
