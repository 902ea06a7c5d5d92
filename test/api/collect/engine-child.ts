/**
 * A whole engine in its own process, for the crash test: `node --import tsx engine-child.ts DIR`.
 * It runs jobs until it is killed; the test kills it with SIGKILL mid-run (no clean shutdown).
 */
import { createEngine } from '../../../src-main/engine/engine';
import { configureCollection } from '../../../src-main/engine/collect/tuning';

const engine = await createEngine({ dataDir: process.argv[2], runJobs: true });
configureCollection(engine.ctx, { retry: { backoffMs: 10, timeoutMs: 30_000 } });
console.log('engine ready');
process.on('SIGTERM', () => void engine.close().then(() => process.exit(0)));
