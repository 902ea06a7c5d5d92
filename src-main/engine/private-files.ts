import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds every answer, the provider keys and the reports: only its owner may read
 * it. Folders are 0700 and files 0600. SQLite gives its `-wal` and `-shm` files the mode of the
 * database file, so creating that one 0600 covers them. On Windows modes are not enforced
 * (ACLs are); the calls are harmless there.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates the folder (and parents) if missing and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/** Makes an existing file 0600 (a file written by a library that ignores our modes). */
export function makePrivate(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
}

/** What the engine keeps in the data folder: the database (and its WAL/SHM), the key, its folders. */
const OWN_FILE = /^(answerscope\.sqlite(-wal|-shm|-journal)?|secret\.key)$/;
const OWN_DIRS = new Set(['reports', 'favicons']);

/**
 * At start: the data folder 0700, the engine's own files in it 0600 and its own folders 0700
 * with everything inside — data folders made by versions that left files 0644 are tightened
 * once. Nothing else is touched: a data folder pointed at a folder with other things in it
 * (`--data-dir .`) keeps their modes.
 */
export function tightenDataFolder(dataDir: string): void {
  ensurePrivateDir(dataDir);
  const tighten = (path: string, isDir: boolean) => {
    if (isDir) {
      chmodSync(path, PRIVATE_DIR);
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.isSymbolicLink()) continue; // never follow a link out of the folder
        tighten(join(path, entry.name), entry.isDirectory());
      }
    } else if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE);
  };
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    if (entry.isFile() && OWN_FILE.test(entry.name)) tighten(join(dataDir, entry.name), false);
    else if (entry.isDirectory() && OWN_DIRS.has(entry.name)) tighten(join(dataDir, entry.name), true);
  }
}
