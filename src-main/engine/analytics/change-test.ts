import { round2 } from './stats';
import type { ChangeTest } from '../../../src-shared/api/analytics';

/**
 * Is a change in visibility real? Between two updates the same (prompt, network) pairs are asked
 * again, so a change is a paired comparison of yes/no outcomes ("the answer names the brand"). The
 * exact McNemar test looks only at the discordant pairs: `gained` (not named before, named after)
 * and `lost` (the reverse). If nothing changed but chance, each discordant pair is a fair coin, so
 * `gained` ~ Binomial(gained + lost, ½); the two-sided p-value is twice the smaller tail, at most 1.
 * Each visibility itself is shown with a Wilson 95 % score interval over the answers counted.
 * docs/api/analytics.md "Is a change real" has the method and a worked example.
 */

/** Below this p-value a change is reported as significant. */
export const SIGNIFICANCE_LEVEL = 0.05;
/** The standard normal quantile of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/**
 * Two-sided exact McNemar p-value: min(1, 2 × P(X ≤ min(gained, lost))) with
 * X ~ Binomial(gained + lost, ½). Unrounded; 1 when there is no discordant pair.
 * Terms are summed in log space so thousands of pairs neither overflow nor lose precision early.
 */
export function mcnemarExactP(gained: number, lost: number): number {
  if (!isCount(gained) || !isCount(lost)) throw new RangeError('gained and lost must be counts');
  const n = gained + lost;
  const k = Math.min(gained, lost);
  // The smaller tail then holds half the mass or more: p = 1 exactly (summing would miss by an ulp).
  if (2 * k + 1 >= n) return 1;
  const logHalfN = n * Math.log(0.5);
  let logC = 0; // log C(n, 0)
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    tail += Math.exp(logC + logHalfN);
    logC += Math.log(n - i) - Math.log(i + 1);
  }
  return Math.min(1, 2 * tail);
}

/**
 * Wilson score interval for `k` successes out of `n`, as proportions in [0, 1].
 * [0, 0] when nothing was counted: there is no estimate to bound.
 */
export function wilsonInterval(k: number, n: number, z = Z95): [number, number] {
  if (!isCount(k) || !isCount(n) || k > n) throw new RangeError('k and n must be counts with k ≤ n');
  if (n === 0) return [0, 0];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At k = 0 or k = n the bound is exactly 0 or 1; floating point may miss it by an ulp.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** The Wilson interval in percent with two decimals, the API's precision for percentages. */
export function wilsonPercent(k: number, n: number): [number, number] {
  const [lo, hi] = wilsonInterval(k, n);
  return [round2(100 * lo), round2(100 * hi)];
}

/** The test's result as the API returns it (src-shared): pairs, gained, lost, p_value, significant. */
export type { ChangeTest };

/** One (prompt, network) pair: was the brand named before, and after. */
export interface PairOutcome {
  before: boolean;
  after: boolean;
}

/** The McNemar test over paired outcomes. */
export function changeTest(pairs: Iterable<PairOutcome>): ChangeTest {
  let n = 0;
  let gained = 0;
  let lost = 0;
  for (const p of pairs) {
    n++;
    if (!p.before && p.after) gained++;
    else if (p.before && !p.after) lost++;
  }
  return testOf(n, gained, lost);
}

export function testOf(pairs: number, gained: number, lost: number): ChangeTest {
  const p = mcnemarExactP(gained, lost);
  return { pairs, gained, lost, p_value: p, significant: p < SIGNIFICANCE_LEVEL };
}

const isCount = (v: number) => Number.isInteger(v) && v >= 0;
