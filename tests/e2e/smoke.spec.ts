import { test, expect, expectAccessible } from './support/fixtures.ts';

test('the app shell loads from the server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});
