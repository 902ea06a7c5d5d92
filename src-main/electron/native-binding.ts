import { join } from 'node:path';

/**
 * better-sqlite3 is compiled for Node's ABI in node_modules (tests, `npm run serve`). Electron
 * needs its own build of the addon; it lives in a separate folder and reaches better-sqlite3
 * through its `nativeBinding` option, so the two never overwrite each other.
 * scripts/build-electron-sqlite.mjs writes it to the same place (a test checks they agree).
 */
export const ADDON_FILE = 'better_sqlite3.node';

/** `<appRoot>/.electron-native/<electron version>-<platform>-<arch>/` (development builds). */
export function electronAddonDir(
  appRoot: string,
  electronVersion: string,
  platform: string,
  arch: string,
): string {
  return join(appRoot, '.electron-native', `${electronVersion}-${platform}-${arch}`);
}

export interface NativeBindingInput {
  packaged: boolean;
  /** process.resourcesPath (packaged builds: the addon is an extraResource in `native/`). */
  resourcesPath: string;
  appRoot: string;
  electronVersion: string;
  platform: string;
  arch: string;
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
}

/** The addon Electron should load, or null when none was built (main then says how to build it). */
export function resolveNativeBinding(input: NativeBindingInput): string | null {
  const override = input.env.ANSWERSCOPE_SQLITE_BINDING;
  if (override) return override;
  const candidate = input.packaged
    ? join(input.resourcesPath, 'native', ADDON_FILE)
    : join(electronAddonDir(input.appRoot, input.electronVersion, input.platform, input.arch), ADDON_FILE);
  return input.exists(candidate) ? candidate : null;
}
