import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical WCAG 2 A/AA violations on the page (or only inside `include`, a CSS
 * selector such as an open dialog), one readable line per node: rule, element, axe's explanation.
 */
export async function violations(page: Page, include?: string): Promise<string[]> {
  // Charts animate in; axe reads colours of what is on screen, so let them settle.
  await page.waitForTimeout(200);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only violations are read: the passing nodes' details would double the time of a check.
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
}
