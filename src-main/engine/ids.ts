import { randomBytes } from 'node:crypto';

/** Randomness comes in through the engine's options so tests can fix it. */
export interface IdSource {
  /** URL-safe random string carrying `bytes` random bytes. */
  random(bytes?: number): string;
}

export const cryptoIds: IdSource = {
  random: (bytes = 16) => randomBytes(bytes).toString('base64url'),
};
