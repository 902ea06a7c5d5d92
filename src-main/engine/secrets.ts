/**
 * Secrets (provider keys, analytics token, SMTP password) pass through a box before they are
 * stored. The desktop host supplies one backed by Electron's safeStorage; the headless engine
 * one sealed with a key file (key-file-secrets.ts). The plain box is what both fall back to
 * reading: values written before sealing existed.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * True for a stored value this box would now seal better (plain text once real sealing works):
   * the engine re-seals those at start (resealSecrets).
   */
  needsReseal?(sealed: string): boolean;
}

export const plainSecretBox: SecretBox = {
  seal: (plain) => `plain:${plain}`,
  open: (sealed) => (sealed.startsWith('plain:') ? sealed.slice(6) : sealed),
};
