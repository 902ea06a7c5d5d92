// `npm test`: typecheck, lint, unit + API tests (Vitest), end-to-end tests (Playwright), then one
// plain closing line `N passed, N failed` summing every suite, because CI reads only that line.
// Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** Typecheck and lint count as one check each. */
function check(label, command, args) {
  if (run(label, command, args)) totals.passed++;
  else {
    totals.failed++;
    failures.push(label);
  }
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** One Vitest run over `files` (all when empty), its counts added to the totals from its JSON report. */
function vitestPass(label, file, files, env = {}) {
  rmSync(file, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`, ...files];
  const ok = run(label, 'npx', args, env);
  const report = readJson(file);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (!ok && report.numFailedTests === 0) {
      totals.failed++;
      failures.push(`${label} (a file failed to load)`);
    }
  } else if (!ok) {
    totals.failed++;
    failures.push(`${label} (no report)`);
  }
}

const only = process.argv[2]; // optional: unit | e2e | checks

if (!only || only === 'checks') {
  check('typecheck (node)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']);
  check('typecheck (shared)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.shared.json']);
  check('typecheck (renderer)', 'npx', ['vue-tsc', '--noEmit', '-p', 'tsconfig.web.json']);
  check('lint', 'npx', ['eslint', '.']);
  check('format', 'npx', ['prettier', '--check', '.']);
}

if (!only || only === 'unit' || only === 'e2e') {
  if (
    !run('build web UI', 'npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'])
  ) {
    totals.failed++;
    failures.push('build web UI');
  }
}

if (!only || only === 'unit') vitestPass('vitest', '.vitest-results.json', []);

// The API suite again on PostgreSQL (issue 14, docs/deploy.md "Tests"), where it is installed:
// the files proven on both databases so far (the whole suite on PostgreSQL doubles the API time).
const POSTGRES_API_FILES = [
  'test/api/analytics',
  'test/api/collect/parse.test.ts',
  'test/api/reports/reports.test.ts',
  'test/api/groups.test.ts',
  'test/api/prompts.test.ts',
  'test/api/drafts.test.ts',
  'test/api/settings.test.ts',
  'test/api/rights.test.ts',
  'test/api/alerts',
  'test/api/llm-assist',
  'test/api/collect/evidence-exclusions.test.ts',
  'test/api/collect/sample-and-reanalyze.test.ts',
  'test/api/collect/schedules.test.ts',
  'test/api/reports/report-email.test.ts',
  'test/api/reports/report-pdf.test.ts',
  'test/api/filters.test.ts',
  'test/api/neurals.test.ts',
  'test/api/app-settings.test.ts',
  'test/api/costs',
  'test/api/input-limits.test.ts',
  'test/api/favicons.test.ts',
  'test/api/collect/answer-writer.test.ts',
  'test/api/reports/report-crash.test.ts',
  'test/api/reports/report-print-failures.test.ts',
  'test/api/mcp.test.ts',
  'test/api/json-stream.test.ts',
  'test/api/host-check.test.ts',
  'test/api/malformed-requests.test.ts',
  'test/api/bridge.test.ts',
  'test/api/cli-users.test.ts',
  'test/api/ui-session.test.ts',
];
const postgresInstalled =
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
if ((!only || only === 'unit') && postgresInstalled) {
  vitestPass('vitest on PostgreSQL', '.vitest-postgres-results.json', POSTGRES_API_FILES, {
    ANSWERSCOPE_TEST_DATABASE: 'postgres',
  });
}

if (!only || only === 'e2e') {
  if (!failures.includes('build web UI')) {
    const file = '.playwright-results.json';
    rmSync(file, { force: true });
    const ok = run('playwright', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    const report = readJson(file);
    if (report?.stats) {
      totals.passed += report.stats.expected;
      totals.failed += report.stats.unexpected + (report.stats.flaky ?? 0);
      totals.skipped += report.stats.skipped;
    }
    if (!ok && !(report?.stats?.unexpected > 0)) {
      totals.failed++;
      failures.push('playwright (run failed)');
    }
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
