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

/**
 * At start: the data folder, every folder in it 0700 and every file 0600 — data folders made by
 * versions that left files 0644 are tightened once, as is anything copied in by hand.
 */
export function tightenDataFolder(dataDir: string): void {
  ensurePrivateDir(dataDir);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue; // never follow a link out of the folder
      if (entry.isDirectory()) {
        chmodSync(path, PRIVATE_DIR);
        walk(path);
      } else if (entry.isFile() && (statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE);
    }
  };
  walk(dataDir);
}
