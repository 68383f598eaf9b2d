// Focus after navigation: the page is focused once the screen arrives.
import { test, expect } from './support/fixtures.ts';
import { DEMO } from './support/fixtures.ts';
import { signInOverApi } from './shell-support.ts';

test('focus lands on the page after an in-app navigation', async ({ page }) => {
  await signInOverApi(page, DEMO.member, '/fete-guide');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Fete Eats' }).click();
  await expect(page.locator('#main')).toBeFocused();
});
