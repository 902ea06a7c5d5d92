// Builds better-sqlite3's addon for Electron's ABI into a separate folder, so node_modules keeps
// the Node build that tests and `npm run serve` load. Electron loads this one through
// better-sqlite3's `nativeBinding` option (src-main/electron/native-binding.ts uses the same
// folder names). Run by `npm start` on first start and by `npm run package` (with --package).
//
//   node scripts/build-electron-sqlite.mjs [--force] [--package] [--platform P] [--arch A]
//
// It first asks prebuild-install for better-sqlite3's published Electron build, then falls back
// to compiling with node-gyp against Electron's headers. Both need internet access.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ADDON_FILE = 'better_sqlite3.node';
const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Same formula as electronAddonDir in src-main/electron/native-binding.ts (a test checks). */
export function addonDir(root, electronVersion, platform, arch) {
  return join(root, '.electron-native', `${electronVersion}-${platform}-${arch}`);
}

/** Where electron-builder.yml picks the addon up (extraResources → resources/native/). */
export function packageAddonDir(root, platform, arch) {
  return join(root, '.electron-native', `package-${platform}-${arch}`);
}

export function electronVersion(root = appRoot) {
  return JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
}

function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
}

function run(command, args, cwd, env) {
  console.log(`> ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd, stdio: 'inherit', env }).status === 0;
}

export function buildAddon(argv = []) {
  const version = option(argv, '--electron-version', electronVersion());
  const platform = option(argv, '--platform', process.platform);
  const arch = option(argv, '--arch', process.arch);
  const target = join(addonDir(appRoot, version, platform, arch), ADDON_FILE);

  if (!existsSync(target) || argv.includes('--force')) {
    const source = join(appRoot, 'node_modules/better-sqlite3');
    const work = mkdtempSync(join(tmpdir(), 'answerscope-sqlite-electron-'));
    try {
      // A copy, so the build never touches the Node addon in node_modules.
      cpSync(source, work, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) });
      // npm_config_nodedir points node-gyp at Node's headers; Electron's must be used here.
      const env = { ...process.env };
      for (const key of Object.keys(env)) if (key.toLowerCase() === 'npm_config_nodedir') delete env[key];
      const prebuilt = run(
        process.execPath,
        [
          join(appRoot, 'node_modules/prebuild-install/bin.js'),
          '--runtime=electron',
          `--target=${version}`,
          `--platform=${platform}`,
          `--arch=${arch}`,
        ],
        work,
        env,
      );
      const built =
        prebuilt ||
        run(
          process.execPath,
          [
            join(appRoot, 'node_modules/node-gyp/bin/node-gyp.js'),
            'rebuild',
            '--release',
            `--target=${version}`,
            `--arch=${arch}`,
            '--dist-url=https://electronjs.org/headers',
          ],
          work,
          env,
        );
      const output = join(work, 'build/Release', ADDON_FILE);
      if (!built || !existsSync(output)) {
        console.error(
          `Could not build better-sqlite3 for Electron ${version} (${platform}-${arch}): both the prebuilt download and the node-gyp build need internet access.`,
        );
        return 1;
      }
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(output, target);
      console.log(`Electron build of better-sqlite3: ${target}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  if (argv.includes('--package')) {
    const staged = join(packageAddonDir(appRoot, platform, arch), ADDON_FILE);
    mkdirSync(dirname(staged), { recursive: true });
    copyFileSync(target, staged);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(buildAddon(process.argv.slice(2)));
}
