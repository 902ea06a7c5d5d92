import { execFile } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** Runs `npm run cli -- <args>` as a user would (a child process), without npm's banner. */
export function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'src-main/server/cli.ts'), ...args],
      { cwd: root, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
