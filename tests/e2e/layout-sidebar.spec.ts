// The sidebar: fixed at 1280px, a drawer at 375px; hidden on sign-in, sign-up and chat; the
// Admin Control group for admins only.
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { sidebar, signIn } from './shell-support.ts';

const PUBLIC = [
  ['Home', '/'],
  ['Fete Guide', '/fete-guide'],
  ['Fete Eats', '/fete-eats'],
  ['Fete Faces', '/fete-faces'],
  ['Fete Band', '/fete-destinations'],
  ['Fete Destinations', '/fete-travel'],
  ['Fete Marqet', '/fete-marqet'],
  ['Fete Packages', '/fete-packages'],
  ['Fete Rides', '/fete-rides'],
  ['Fete Nation', '/fete-nation'],
  ['Fete Chat', '/fete-chat'],
] as const;

test.describe('at 1280px', () => {
  test('the sidebar is fixed and always visible, with the public links', async ({ page }) => {
    await page.goto('/');
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    expect(await nav.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expect(page.getByTestId('menu-button')).toHaveCount(0);
    const main = nav.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of PUBLIC) await expect(main.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    await expect(nav.getByText('Admin Control')).toHaveCount(0);
    await expectAccessible(page, 'home, signed out');

    // It stays put while the page scrolls, and marks the current page.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(nav).toBeInViewport();
    await main.getByRole('link', { name: 'Fete Eats' }).click();
    await expect(page).toHaveURL(/\/fete-eats$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fete Eats' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Fete Eats' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page, 'a placeholder page');
  });

  test('it is hidden on sign-in, sign-up and chat', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByTestId('partner-strip')).toHaveCount(0);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.goto('/fete-chat');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.goto('/fete-guide');
    await expect(sidebar(page)).toBeVisible();
  });

  test('Admin Control shows for the admin only', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/');
    const group = sidebar(page).getByRole('region', { name: 'Admin Control' });
    await expect(group).toBeVisible();
    for (const [label, href] of [
      ['Dashboard', '/admin'],
      ['Events', '/admin/events'],
      ['Products', '/admin/products'],
      ['Fete Faces', '/admin/providers'],
      ['Restaurants', '/admin/restaurants'],
      ['Bands', '/admin/bands'],
      ['Packages', '/admin/packages'],
      ['Rides', '/admin/rides'],
      ['Forms', '/admin/forms'],
      ['Receipts', '/admin/receipts'],
      ['Users', '/admin/users'],
    ] as const) {
      await expect(group.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const label of ['Site Settings']) {
      const item = group.locator('[aria-disabled="true"]', { hasText: label });
      await expect(item).toBeVisible();
      await expect(item).toContainText('Coming Soon');
      await expect(group.getByRole('link', { name: new RegExp(label) })).toHaveCount(0);
    }
    await group.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Events' })).toBeVisible();
    await expectAccessible(page, 'admin sidebar');
  });

  test('a member sees no Admin Control', async ({ page }) => {
    await signIn(page, DEMO.member);
    await page.goto('/');
    await expect(sidebar(page).getByRole('link', { name: 'Fete Chat' })).toBeVisible();
    await expect(sidebar(page).getByText('Admin Control')).toHaveCount(0);
  });
});

test.describe('at 375px', () => {
  test.use({ viewportSize: { width: 375, height: 812 } });

  test('the sidebar is a drawer: the menu button opens it, Escape closes it', async ({ page }) => {
    await page.goto('/fete-guide');
    await expect(page.getByRole('heading', { level: 1, name: 'Fete Guide' })).toBeVisible();
    const nav = sidebar(page);
    const menu = page.getByTestId('menu-button');
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(nav).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expectAccessible(page, 'drawer open');

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // Keyboard open, then a link: it navigates and the drawer closes.
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Fete Band' }).click();
    await expect(page).toHaveURL(/\/fete-destinations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fete Band' })).toBeVisible();
    await expect(nav).toBeHidden();

    // The backdrop closes it too.
    await menu.click();
    await expect(nav).toBeVisible();
    await page.mouse.click(360, 400);
    await expect(nav).toBeHidden();
  });

  test('no menu button where the sidebar is hidden', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('menu-button')).toHaveCount(0);
    await expect(sidebar(page)).toHaveCount(0);
  });
});
