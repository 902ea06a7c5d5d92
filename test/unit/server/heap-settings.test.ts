import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT } from '../../../src-main/server/heap-settings';

const settings = fileURLToPath(new URL('../../../src-main/server/heap-settings.ts', import.meta.url));

/**
 * A process holding ~100 MB that keeps allocating objects which live long enough to reach the old
 * generation (as a server's requests do): its peak heap, with or without the serving settings
 * applied at run time. Both start with a growth factor of 4 on the command line (what V8 picks on
 * a machine with a few GB), so the comparison does not depend on the test machine's memory.
 */
function peakHeapMb(applied: boolean): number {
  const script = `
    ${applied ? `const { applyServeHeapSettings } = await import(${JSON.stringify(settings)}); applyServeHeapSettings();` : ''}
    const v8 = await import('node:v8');
    const live = [];
    for (let i = 0; i < 40; i++) live.push(Array.from({ length: 50000 }, (_, j) => ({ j })));
    const recent = [];
    let peak = 0;
    for (let r = 0; r < 300; r++) {
      const batch = [];
      for (let i = 0; i < 20000; i++) batch.push({ a: i, b: 'x' + i, c: [i] });
      recent.push(batch);
      if (recent.length > 8) recent.shift();
      peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    // \`live\` stays referenced to the end, as an engine's modules and caches do.
    console.log(live.length === 40 ? String(peak / 1048576) : 'NaN');
  `;
  const out = execFileSync(
    process.execPath,
    ['--heap-growing-percent=300', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  return Number(out.trim());
}

describe('serve heap settings (issue 14: peak memory while serving)', () => {
  it('lets the old generation grow to twice the live heap, not four times', () => {
    expect(HEAP_GROWING_PERCENT).toBe(100);
  });

  it('takes effect when applied at run time, as serve does', () => {
    const left = peakHeapMb(false);
    const applied = peakHeapMb(true);
    console.log(`peak heap: ${left.toFixed(0)} MB with a factor of 4, ${applied.toFixed(0)} MB applied`);
    // ~480–510 MB with a factor of 4, ~260–270 MB with the setting (about 2× what stays live).
    expect(applied).toBeLessThan(left * 0.75);
  }, 30_000);
});
