import { test, expect } from './server-fixture';

test.describe('npm run serve', () => {
  test('serves the web UI at / and the API at /api with the printed token', async ({
    page,
    server,
    request,
  }) => {
    await page.goto(server.uiUrl);
    await expect(page.getByTestId('app-root')).toBeVisible();

    const unauthorized = await request.get(`${server.url}/api/projects`);
    expect(unauthorized.status()).toBe(401);
    const projects = await request.get(`${server.url}/api/projects`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(projects.status()).toBe(200);
    // Other specs share this worker's server, so only the shape is certain here.
    expect(Array.isArray((await projects.json()).data)).toBe(true);
  });
});
