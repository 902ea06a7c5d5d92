import { plainSecretBox, type SecretBox } from '../engine/secrets';

/** The part of Electron's `safeStorage` used here (a structural type, so tests pass a fake). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means the OS offered no keyring and the "encryption" is a fixed key. */
  getSelectedStorageBackend?(): string;
}

const PREFIX = 'safe:';

/**
 * The desktop's SecretBox: provider keys, the analytics token, the SMTP password and the remote
 * server token are sealed with the OS keychain (Keychain, DPAPI, libsecret/kwallet) through
 * safeStorage. Where the OS offers none, secrets are stored unencrypted (`plain:`) with one
 * warning in the log and a notice in the app settings (`storage`), rather than refusing to work.
 * Values stored that way still open, and are re-sealed with the keychain at the first start where
 * it works (`needsReseal`: the engine's resealSecrets and the remote settings store).
 */
export interface DesktopSecretBox extends SecretBox {
  /** Shown in the app settings: `unencrypted` means the OS offered no keychain this run. */
  readonly storage: 'keychain' | 'unencrypted';
}

export function createSafeStorageSecretBox(
  safeStorage: SafeStorageLike,
  warn: (message: string) => void = (message) => console.warn(message),
): DesktopSecretBox {
  const backend = safeStorage.getSelectedStorageBackend?.();
  const available = safeStorage.isEncryptionAvailable() && backend !== 'basic_text';
  if (!available) {
    warn(
      '[desktop] The OS offers no secret storage (safeStorage unavailable): API keys are stored unencrypted in the data folder.',
    );
  }
  return {
    storage: available ? 'keychain' : 'unencrypted',
    seal(plain) {
      if (!available) return plainSecretBox.seal(plain);
      return PREFIX + safeStorage.encryptString(plain).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return plainSecretBox.open(sealed);
      if (!safeStorage.isEncryptionAvailable()) {
        throw new Error('This secret was encrypted by the OS keychain, which is not available now.');
      }
      return safeStorage.decryptString(Buffer.from(sealed.slice(PREFIX.length), 'base64'));
    },
    // Stored unencrypted while the keychain was missing: sealed properly once it works.
    needsReseal: (sealed) => available && !sealed.startsWith(PREFIX),
  };
}
