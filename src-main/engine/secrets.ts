/**
 * Secrets (provider keys, analytics token, SMTP password) pass through a box before they are
 * stored. The desktop host supplies one backed by Electron's safeStorage; the headless server
 * stores them as they are (its data folder is the trust boundary) and says so in the docs.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export const plainSecretBox: SecretBox = {
  seal: (plain) => `plain:${plain}`,
  open: (sealed) => (sealed.startsWith('plain:') ? sealed.slice(6) : sealed),
};
