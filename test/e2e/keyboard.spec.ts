import type { Locator, Page } from '@playwright/test';
import { test as base, expect, startServer, type RunningServer } from './server-fixture';

/**
 * A keyboard-only user, no mouse at all: the skip link, the `?` help dialog, then creating a
 * project in the wizard, running it, opening an answer and exporting the answers as CSV. Every
 * control is reached by pressing Tab (never by focusing it from the test), so a control that
 * the Tab order skips fails the test.
 */
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker' },
  ],
});

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80, key = 'Tab') {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press(key);
  }
  throw new Error(`${String(target)} was not reached with ${limit} × ${key}`);
}

/** The focused element is drawn with a visible focus indicator (an outline or a ring). */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, shadow: s.boxShadow };
  });
  expect(style.outline || (style.shadow !== 'none' && style.shadow !== '')).toBe(true);
}

test.describe('keyboard only', () => {
  test.describe.configure({ timeout: 180_000 });

  test('creates a project, runs it, opens an answer and exports CSV without a mouse', async ({
    page,
    server,
  }) => {
    await page.goto(server.uiUrl);
    await expect(page.getByTestId('welcome')).toBeVisible();

    // The first Tab reaches the skip link, which moves focus to the screen's content.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    expect(page.url()).not.toContain('#main');

    // `?` lists the shortcuts; Escape closes the list.
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
    await expect(page.getByTestId('shortcuts-dialog')).toContainText('/');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts-dialog')).toHaveCount(0);

    // The wizard.
    await tabTo(page, page.getByTestId('welcome-new'));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wizard-brand')).toBeVisible();
    await tabTo(page, page.getByTestId('wizard-brand-name'));
    await page.keyboard.type('Keyboard Tools');
    await tabTo(page, page.getByTestId('wizard-activities'));
    await page.keyboard.type('project management software');
    await tabTo(page, page.getByTestId('wizard-domain'));
    await page.keyboard.type('keyboard-tools.com');
    await tabTo(page, page.getByTestId('wizard-propose'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wizard-prompts')).toBeVisible({ timeout: 30_000 });
    await tabTo(page, page.getByTestId('wizard-create'), 200);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/projects\/\d+/);
    await expect(page.getByTestId('topbar-project')).toHaveText('Keyboard Tools');

    // Run: the run button, then the estimate dialog's confirm.
    await expect(page.getByTestId('run-last-update')).toBeVisible();
    await tabTo(page, page.getByTestId('run-button'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await tabTo(page, page.getByTestId('run-confirm'), 20);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('run-last-update')).not.toContainText('never', { timeout: 90_000 });

    // Answers: open one answer's text.
    await tabTo(page, page.getByTestId('nav-answers'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-prompt').first()).toBeVisible({ timeout: 15_000 });
    const toggle = page.getByTestId('toggle-answer').first();
    await tabTo(page, toggle, 150);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('answer-text').first()).toBeVisible();

    // Export the answers as CSV.
    await tabTo(page, page.getByTestId('export-csv'), 200, 'Shift+Tab');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const stream = await file.createReadStream();
    const text = await new Promise<string>((resolve) => stream.once('data', (c) => resolve(String(c))));
    expect(text).toContain('Keyboard Tools');
  });
});
