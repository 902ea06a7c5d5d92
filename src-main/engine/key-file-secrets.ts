import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { plainSecretBox, type SecretBox } from './secrets';
import { ensurePrivateDir, PRIVATE_FILE } from './private-files';

const PREFIX = 'key:v1:';

/**
 * The headless SecretBox: provider keys, the analytics token and the SMTP password are sealed
 * with AES-256-GCM under a key kept in a file of its own (0600, 32 random bytes, created on first
 * start), not in the database — a copy of the SQLite file alone does not give the secrets away.
 * `--key-file` or `$ANSWERSCOPE_KEY_FILE` may put it outside the data folder (and its backups).
 * Values sealed by the plain box (`plain:`) still open, and are re-sealed at start
 * (`resealSecrets`).
 */
export function createKeyFileSecretBox(keyFile: string): SecretBox {
  const key = loadOrCreateKey(keyFile);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) {
        if (sealed.startsWith('plain:')) return plainSecretBox.open(sealed);
        throw new Error('This secret was sealed by another secret store (the desktop keychain?).');
      }
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(`This secret was sealed with another key file than ${keyFile}.`);
      }
    },
    needsReseal: (sealed) => sealed.startsWith('plain:'),
  };
}

function loadOrCreateKey(keyFile: string): Buffer {
  if (!existsSync(keyFile)) {
    ensurePrivateDir(dirname(keyFile));
    try {
      // `wx`: two processes starting at once never write two different keys.
      writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  if ((statSync(keyFile).mode & 0o077) !== 0) chmodSync(keyFile, PRIVATE_FILE);
  const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`The key file ${keyFile} does not hold a 32-byte key.`);
  return key;
}
