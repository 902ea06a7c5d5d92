// `npm start`: builds the desktop app with electron-vite, makes sure the Electron runtime and the
// Electron build of better-sqlite3 are there, then opens AnswerScope. Where the runtime cannot be
// had (no internet access to Electron's downloads), it says so and names `npm run serve`.
//
//   node scripts/start-desktop.mjs [--skip-build] [-- args for the app]
//
// ANSWERSCOPE_ELECTRON_DIR points at another electron package folder (tests use a fake one);
// ANSWERSCOPE_SQLITE_BINDING names an addon to use instead of building one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function electronDir(env = process.env) {
  if (env.ANSWERSCOPE_ELECTRON_DIR) return resolve(env.ANSWERSCOPE_ELECTRON_DIR);
  return dirname(createRequire(join(appRoot, 'package.json')).resolve('electron/package.json'));
}

/**
 * The runtime's executable, or null. Reads what electron's own index.js reads (path.txt and
 * dist/) without requiring it: requiring it starts a download as a side effect.
 */
export function findRuntime(dir, env = process.env) {
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = readFileSync(pathFile, 'utf8').trim();
  const full = join(env.ELECTRON_OVERRIDE_DIST_PATH || join(dir, 'dist'), executable);
  return existsSync(full) ? full : null;
}

export function noRuntimeMessage(version) {
  return [
    '',
    `AnswerScope cannot open as a desktop app here: the Electron runtime${version ? ` (electron ${version})` : ''} is not installed and could not be downloaded.`,
    '',
    'Use AnswerScope in your browser instead:',
    '',
    '    npm run serve',
    '',
    'then open the address it prints (it carries a one-time sign-in token).',
    'To get the desktop runtime later, on a machine that can reach the Electron downloads: npx install-electron',
    '',
  ].join('\n');
}

function step(label, command, args) {
  console.log(`[start] ${label}`);
  return spawnSync(command, args, { cwd: appRoot, stdio: 'inherit' }).status === 0;
}

export async function main(argv) {
  const passThrough = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];
  if (!argv.includes('--skip-build')) {
    const cli = join(appRoot, 'node_modules/electron-vite/bin/electron-vite.js');
    if (!step('building the desktop app (electron-vite)', process.execPath, [cli, 'build'])) {
      console.error('[start] the build failed; see the errors above.');
      return 1;
    }
  }

  const dir = electronDir();
  let version = null;
  try {
    version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  } catch {
    /* no electron package at all: the message below still applies */
  }
  let runtime = existsSync(dir) ? findRuntime(dir) : null;
  if (!runtime && existsSync(join(dir, 'install.js'))) {
    // Once per start: electron's installer downloads the runtime (the install script is denied
    // at `npm install` time by allowScripts, so the first start does it).
    step('fetching the Electron runtime (once)', process.execPath, [join(dir, 'install.js')]);
    runtime = findRuntime(dir);
  }
  if (!runtime) {
    console.error(noRuntimeMessage(version));
    return 1;
  }

  if (!process.env.ANSWERSCOPE_SQLITE_BINDING) {
    const built = step('checking the Electron build of better-sqlite3', process.execPath, [
      join(appRoot, 'scripts/build-electron-sqlite.mjs'),
      ...(version ? ['--electron-version', version] : []),
    ]);
    if (!built) {
      console.error(
        '\nThe database module could not be built for Electron (it needs internet access once). Meanwhile `npm run serve` runs AnswerScope in your browser.',
      );
      return 1;
    }
  }

  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(runtime, [appRoot, ...passThrough], { cwd: appRoot, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolveExit) => {
    child.on('error', (error) => {
      console.error(`[start] could not run ${runtime}: ${error.message}`);
      resolveExit(1);
    });
    child.on('exit', (code, signal) => resolveExit(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
