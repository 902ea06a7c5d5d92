import { describe, expect, it } from 'vitest';
import {
  changeTest,
  mcnemarExactP,
  wilsonInterval,
  wilsonPercent,
} from '../../../src-main/engine/analytics/change-test';

/** Exact binomial tail by plain integer arithmetic, the definition the module must agree with. */
function bruteForceP(gained: number, lost: number): number {
  const n = gained + lost;
  if (n === 0) return 1;
  const k = Math.min(gained, lost);
  let c = 1n;
  let tail = 0n;
  for (let i = 0; i <= k; i++) {
    tail += c;
    c = (c * BigInt(n - i)) / BigInt(i + 1);
  }
  return Math.min(1, (2 * Number(tail)) / 2 ** n);
}

describe('exact McNemar test', () => {
  it('gives p = 1 when no pair changed', () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(
      changeTest([
        { before: true, after: true },
        { before: false, after: false },
      ]),
    ).toEqual({
      pairs: 2,
      gained: 0,
      lost: 0,
      p_value: 1,
      significant: false,
    });
  });

  it('gives p = 2^-9 for 10 gained and 0 lost (2 × ½^10), and the same the other way', () => {
    expect(mcnemarExactP(10, 0)).toBe(2 ** -9);
    expect(mcnemarExactP(0, 10)).toBe(2 ** -9);
  });

  it('matches the textbook example: 1 against 7 discordant pairs → p = 2 × 9/256 = 0.0703', () => {
    // Fagerland, Lydersen & Laake (2013), BMC Med Res Methodol 13:91: the airway
    // hyper-responsiveness example, b = 1, c = 7, exact conditional p = 0.070.
    expect(mcnemarExactP(1, 7)).toBeCloseTo(18 / 256, 15);
    const t = changeTest([
      ...Array.from({ length: 7 }, () => ({ before: true, after: false })),
      { before: false, after: true },
      ...Array.from({ length: 13 }, () => ({ before: true, after: true })),
    ]);
    expect(t).toMatchObject({ pairs: 21, gained: 1, lost: 7, significant: false });
  });

  it('is significant only below 0.05: 6–0 is (p = 0.03125), 5–0 is not (p = 0.0625)', () => {
    expect(changeTest(Array.from({ length: 6 }, () => ({ before: false, after: true }))).significant).toBe(
      true,
    );
    expect(changeTest(Array.from({ length: 5 }, () => ({ before: false, after: true }))).significant).toBe(
      false,
    );
  });

  it('never exceeds 1 on balanced tables and agrees with exact integer arithmetic', () => {
    expect(mcnemarExactP(4, 4)).toBe(1);
    expect(mcnemarExactP(3, 4)).toBe(1);
    for (const [g, l] of [
      [2, 9],
      [12, 30],
      [25, 24],
      [40, 61],
    ])
      expect(mcnemarExactP(g, l)).toBeCloseTo(bruteForceP(g, l), 12);
  });

  it('stays finite for thousands of pairs', () => {
    const p = mcnemarExactP(1400, 1600);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.001);
    expect(mcnemarExactP(1500, 1500)).toBe(1);
  });

  it('refuses what is not a count', () => {
    expect(() => mcnemarExactP(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExactP(1.5, 2)).toThrow(RangeError);
  });
});

describe('Wilson 95 % interval', () => {
  // Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i → %f to %f (Newcombe 1998)', (k, n, lo, hi) => {
    const [a, b] = wilsonInterval(k, n);
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  it('reaches exactly 1 when every answer names the brand, and is [0, 0] over no answer', () => {
    expect(wilsonInterval(29, 29)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
  });

  it('is in percent with two decimals for the API', () => {
    expect(wilsonPercent(81, 263)).toEqual([25.53, 36.62]);
  });
});
