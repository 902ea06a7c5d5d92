import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, test, expect, type RunningServer } from './server-fixture';
import { SCREENS } from './screens';

/**
 * The UI at 200 % zoom and on a 1280 px screen. 200 % of a 1280×720 window is a 640×360 CSS
 * viewport drawn at device scale 2 (what Chromium's zoom does to the layout): every main screen
 * must fit the window's width (no sideways scroll of the page, nothing sticking out of the window
 * or cut off by a box that clips), the navigation must stay reachable (behind the menu button)
 * and dialogs must fit. Screenshots land in test-results/zoom/.
 */

/** A sample project with data: the one an earlier spec of this worker's server seeded, else a new one. */
async function sampleProject(request: APIRequestContext, server: RunningServer): Promise<number> {
  const client = api(request, server);
  const projects: { id: number; name: string }[] = (await client.get('/api/projects')).data;
  const existing = projects.find((p) => p.name.startsWith('Sample'));
  if (existing) return existing.id;
  return (await client.send('POST', '/api/app/sample-project', { language: 'en' })).data.project_id;
}

/**
 * Elements the user cannot see whole: sticking out of the window on the right, or out of an
 * ancestor that clips (overflow hidden/clip, or content-visibility, which clips its paint)
 * rather than scrolls. Inside a scrolling box (a wide table) they are reachable and fine.
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const clips = (cs: CSSStyleDeclaration) =>
      cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.contentVisibility === 'auto';
    const scrolls = (cs: CSSStyleDeclaration) => cs.overflowX === 'auto' || cs.overflowX === 'scroll';
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      // Visually hidden helpers (1 px) and the skip link parked off the left edge are meant so.
      if (r.width <= 1 || r.height <= 1 || r.right <= 0 || getComputedStyle(el).visibility === 'hidden')
        continue;
      let limit = window.innerWidth;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (scrolls(cs)) {
          limit = Infinity;
          break;
        }
        if (clips(cs)) {
          const box = a.getBoundingClientRect();
          limit = box.width <= 1 ? Infinity : box.right;
          break;
        }
      }
      if (r.right > limit + 2) {
        const text = (el.textContent ?? '').trim().slice(0, 40);
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${text}" ends at ${Math.round(r.right)} px, visible to ${Math.round(limit)} px`,
        );
      }
    }
    return out.slice(0, 10);
  });
}

/** The element lies inside the window. */
async function expectInsideWindow(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
  expect(box.y + box.height).toBeLessThanOrEqual(height + 1);
}

async function signIn(page: Page, server: RunningServer) {
  await page.addInitScript(() => localStorage.setItem('answerscope.language', 'en'));
  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
}

test.describe('the UI at 200 % zoom and at 1280 px', () => {
  test.describe.configure({ timeout: 240_000 });
  let project = 0;

  test.beforeAll(async ({ playwright, server }) => {
    const request = await playwright.request.newContext();
    project = await sampleProject(request, server);
    await request.dispose();
  });

  test.describe('at 200 % zoom (640×360 CSS px, device scale 2)', () => {
    test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });

    test('every main screen fits the width, nothing is cut off', async ({ page, server }) => {
      await signIn(page, server);
      const found: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${server.url}/#${screen.path(project)}`);
        await expect(screen.ready(page)).toBeVisible();
        const width = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        if (width[0] > width[1])
          found.push(`[${screen.name}] the page scrolls sideways: ${width[0]} > ${width[1]}`);
        found.push(...(await cutOff(page)).map((c) => `[${screen.name}] ${c}`));
        await page.screenshot({ path: `test-results/zoom/${screen.name}.png` });
      }
      expect(found, found.join('\n')).toEqual([]);
    });

    test('the navigation is behind the menu button and dialogs fit the window', async ({ page, server }) => {
      await signIn(page, server);
      await page.goto(`${server.url}/#/projects/${project}/dashboard`);
      await expect(page.getByTestId('kpi-visibility')).toBeVisible();
      // The sidebar does not take half of the window; the menu button opens it over the page.
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await expect(page.getByTestId('nav-menu')).toHaveAttribute('aria-expanded', 'false');
      await page.getByTestId('nav-menu').click();
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await expect(page.getByTestId('nav-menu')).toHaveAttribute('aria-expanded', 'true');
      await expectInsideWindow(page, page.getByTestId('nav-competitors'));
      await page.screenshot({ path: 'test-results/zoom/menu-open.png' });
      await page.getByTestId('nav-competitors').click();
      await expect(page).toHaveURL(/competitors/);
      await expect(page.getByTestId('sidebar')).toBeHidden();
      // Escape closes it too, and the keyboard is back on the menu button.
      await page.getByTestId('nav-menu').click();
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('sidebar')).toBeHidden();
      await expect(page.getByTestId('nav-menu')).toBeFocused();
      // The top bar's controls wrap instead of leaving the window.
      for (const id of ['run-button', 'language-switch', 'shortcuts-open', 'theme-switch'])
        await expectInsideWindow(page, page.getByTestId(id));

      await page.getByTestId('shortcuts-open').click();
      await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
      await expectInsideWindow(page, page.getByTestId('shortcuts-dialog'));
      await page.keyboard.press('Escape');

      // A long dialog: inside the window, its last button reached by scrolling its content.
      await page.goto(`${server.url}/#/projects/${project}/reports`);
      await page.getByTestId('report-new').first().click();
      await expect(page.getByTestId('report-dialog')).toBeVisible();
      await expectInsideWindow(page, page.getByTestId('report-dialog'));
      await page.screenshot({ path: 'test-results/zoom/report-dialog.png' });
      await page.getByTestId('report-submit').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('report-submit')).toBeInViewport();
      await page.keyboard.press('Escape');
    });
  });

  test.describe('at 1280×720', () => {
    test.use({ viewport: { width: 1280, height: 720 } });

    test('the competitors actions, the KPI change and the projects table stay in view', async ({
      page,
      server,
    }) => {
      await signIn(page, server);
      await page.goto(`${server.url}/#/projects/${project}/competitors`);
      const table = page.getByTestId('competitor-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      // The actions column is inside the table's visible part and the window, not scrolled away.
      const actions = table.getByTestId('competitor-actions').first();
      const visiblePart = (await table.locator('.p-datatable-table-container').boundingBox())!;
      const button = (await actions.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(visiblePart.x + visiblePart.width);
      await expect(actions).toBeInViewport();
      await page.screenshot({ path: 'test-results/zoom/competitors-1280.png' });

      await page.goto(`${server.url}/#/projects/${project}/dashboard`);
      const tile = page.getByTestId('kpi-visibility');
      await expect(tile).toBeVisible();
      const tileBox = (await tile.boundingBox())!;
      for (const part of await tile.locator('.delta, .delta *').all()) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width, 'the change stays inside its tile').toBeLessThanOrEqual(
          tileBox.x + tileBox.width,
        );
      }

      await page.goto(`${server.url}/#/`);
      const projects = page.getByTestId('projects-table');
      await expect(projects.locator('tbody tr').first()).toBeVisible();
      const sideways = await projects
        .locator('.p-datatable-table-container')
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(sideways, 'the projects table fits without scrolling sideways').toBeLessThanOrEqual(0);
    });
  });
});
