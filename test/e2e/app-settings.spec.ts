import { api, test as base, expect, startServer, type RunningServer } from './server-fixture';

/**
 * The app settings' forms show what is saved once the screen has loaded: the SMTP form and the
 * limits field are filled from the settings the screen reads, on the first visit and again on
 * a later one (when the cards appear at once and the settings load behind them). On a server of
 * its own: it changes the SMTP server and the balance.
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

test('the SMTP form and the limits field show the saved values on each visit', async ({
  page,
  server,
  request,
}) => {
  const client = api(request, server);
  await client.send('PATCH', '/api/app/settings', {
    language: 'en',
    smtp: { host: 'mail.first.test', port: 2525, secure: false, user: 'reports', from: 'a@first.test' },
  });
  await client.send('PATCH', '/api/app/account', { limits_balance: 4321 });

  await page.goto(server.uiUrl);
  await expect(page.getByTestId('app-root')).toBeVisible();
  await page.getByTestId('nav-app-settings').click();
  await expect(page.locator('#smtp-host')).toHaveValue('mail.first.test');
  await expect(page.locator('#smtp-port')).toHaveValue('2525');
  await expect(page.locator('#smtp-user')).toHaveValue('reports');
  await expect(page.locator('#smtp-from')).toHaveValue('a@first.test');
  await expect(page.getByTestId('limits-input').locator('input')).toHaveValue(/^4,?321$/);

  // Changed elsewhere while the analyst is on another screen: the next visit shows the new values,
  // not those of the first visit's load.
  await page.getByTestId('nav-projects').click();
  await client.send('PATCH', '/api/app/settings', {
    smtp: { host: 'mail.second.test', port: 465, secure: true, user: null, from: 'b@second.test' },
  });
  await client.send('PATCH', '/api/app/account', { limits_balance: 17 });
  await page.getByTestId('nav-app-settings').click();
  await expect(page.locator('#smtp-host')).toHaveValue('mail.second.test');
  await expect(page.locator('#smtp-port')).toHaveValue('465');
  await expect(page.locator('#smtp-user')).toHaveValue('');
  await expect(page.locator('#smtp-from')).toHaveValue('b@second.test');
  await expect(page.locator('#smtp-secure')).toBeChecked();
  await expect(page.getByTestId('limits-input').locator('input')).toHaveValue('17');
});
