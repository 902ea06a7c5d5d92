/** Time comes in through the engine's options so tests can fix it (ARCHITECTURE.md). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export function fixedClock(
  start: Date | string,
): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
