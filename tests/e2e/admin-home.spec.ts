// Home Page admin (/admin/home): the admin adds a hero slide (after a refused missing
// image), an ad with dates (after a refused end before its start) and a partner, and a signed-out
// visitor sees each on the home page; the admin reorders a featured row with the keyboard and
// the home page follows, then drags it back. Test items are named "E2E …" and removed at the end; the featured order
// is put back.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { adminWriter, catalogDocs, idOf, localToday, waitForCatalog } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });
const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 90 } } }).png().toBuffer();

function daysFromToday(days: number): string {
  const d = new Date(`${localToday()}T12:00:00`);
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

async function adminFetch(server: E2eServer, doc: Doc, init: { method: 'PUT' | 'DELETE'; body?: Doc }): Promise<void> {
  const admin = await adminWriter(server);
  const url = `${server.url}/db/catalog/${encodeURIComponent(doc._id)}${init.method === 'DELETE' ? `?rev=${encodeURIComponent(String(doc._rev))}` : ''}`;
  const res = await fetch(url, { method: init.method, headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: init.body ? JSON.stringify(admin.stamp(init.body)) : undefined });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/** Whatever this test left behind: slides, ads and partners whose title or name starts with `prefix`. */
async function removeNamed(server: E2eServer, prefix: string): Promise<void> {
  for (const [type, field] of [['hero_slide', 'title'], ['ad', 'title'], ['partner', 'name']] as const) {
    for (const doc of (await catalogDocs(server, type)).filter((d) => String(d[field] ?? '').startsWith(prefix))) await adminFetch(server, doc, { method: 'DELETE' });
  }
}


test('the admin adds a hero slide, an ad with dates and a partner, and a visitor sees each on the home page', async ({ page, server }) => {
  const prefix = `E2E Home ${unique()}`;
  const slideTitle = `${prefix} Slide`;
  const adTitle = `${prefix} Ad`;
  const partnerName = `${prefix} Partner`;
  try {
    await signInOverApi(page, DEMO.admin, '/admin');
    // The dashboard's card (the sidebar links to the same page).
    await page.getByRole('main').getByRole('link', { name: /^Home Page\b/ }).click();
    await expect(page).toHaveURL(/\/admin\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home Page' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Hero Slides' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('hero-slide-row').first()).toBeVisible();
    await expectAccessible(page, '/admin/home hero slides at 1280 px');

    // A hero slide: refused without its desktop image, then added with one.
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    let form = page.getByRole('form', { name: 'Add Hero slide' });
    await form.getByLabel('Title', { exact: true }).fill(slideTitle);
    await form.getByLabel('Subtitle', { exact: true }).fill('Road march at dawn');
    await form.getByRole('button', { name: 'Add Hero slide', exact: true }).click();
    await expect(form.locator('.form-error, [role="alert"]').filter({ hasText: 'A slide needs an image' }).first()).toBeVisible();
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(slideTitle);
    await form.getByLabel('Desktop image', { exact: true }).setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await smallPng() });
    await expect(form.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await form.getByRole('button', { name: 'Add Hero slide', exact: true }).click();
    await expect(toast(page, 'Hero slide added successfully')).toBeVisible();
    const slide = (await catalogDocs(server, 'hero_slide')).find((d) => d.title === slideTitle);
    expect(slide).toMatchObject({ subtitle: 'Road march at dawn', active: true, mobile_image_url: null });
    expect(String(slide?.image_url)).toMatch(/\.(png|webp|jpe?g)$/);

    // An ad: an end before its start is refused with a clear message; then added with dates.
    await page.getByRole('tab', { name: 'Ads' }).click();
    await expect(page).toHaveURL(/section=ads/);
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    form = page.getByRole('form', { name: 'Add Ad' });
    await expect(form.getByLabel('Start date', { exact: true })).toHaveValue(localToday());
    await form.getByLabel('Title', { exact: true }).fill(adTitle);
    await form.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add Ad', exact: true }).click();
    await expect(form.getByLabel('Link', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Links must start with http:// or https://').first()).toBeVisible();
    await form.getByLabel('Link', { exact: true }).fill('https://example.com/e2e-ad');
    await form.getByLabel('End date', { exact: true }).fill(daysFromToday(-1));
    await form.getByRole('button', { name: 'Add Ad', exact: true }).click();
    await expect(form.getByLabel('End date', { exact: true })).toBeFocused();
    await expect(form.getByText('The end date cannot be before the start date').first()).toBeVisible();
    await form.getByLabel('End date', { exact: true }).fill(daysFromToday(30));
    await form.getByRole('button', { name: 'Add Ad', exact: true }).click();
    await expect(toast(page, 'Ad added successfully')).toBeVisible();
    expect((await catalogDocs(server, 'ad')).find((d) => d.title === adTitle)).toMatchObject({ position: 'home_top', start_date: localToday(), end_date: daysFromToday(30), link_url: 'https://example.com/e2e-ad', active: true });
    await expectAccessible(page, '/admin/home ads at 1280 px');

    // A partner with its logo.
    await page.getByRole('tab', { name: 'Partners' }).click();
    await page.getByRole('button', { name: 'Add New', exact: true }).click();
    form = page.getByRole('form', { name: 'Add Partner' });
    await form.getByLabel('Name', { exact: true }).fill(partnerName);
    await form.getByLabel('Website', { exact: true }).fill('https://example.com/e2e-partner');
    await form.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await smallPng() });
    await expect(form.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await form.getByRole('button', { name: 'Add Partner', exact: true }).click();
    await expect(toast(page, 'Partner added successfully')).toBeVisible();
    await expect(page.getByTestId('partner-row').filter({ has: page.getByRole('heading', { name: partnerName }) })).toBeVisible();
    await expectAccessible(page, '/admin/home partners at 1280 px');

    // A signed-out visitor sees all three on the home page.
    const guest = await otherBrowser(server.url);
    try {
      await guest.page.goto('/');
      await waitForCatalog(guest.page);
      await guest.page.reload();
      await expect(guest.page.getByTestId('hero-slide').filter({ hasText: slideTitle })).toHaveCount(1);
      const ad = guest.page.getByTestId('ads-home_top').getByTestId('home-ad').filter({ hasText: adTitle });
      await expect(ad).toBeVisible();
      await expect(ad.getByRole('link')).toHaveAttribute('href', 'https://example.com/e2e-ad');
      await expect(guest.page.getByTestId('partner-strip').getByRole('link', { name: new RegExp(`^${partnerName}`) }).first()).toHaveAttribute('href', 'https://example.com/e2e-partner');
    } finally {
      await guest.close();
    }

    // The partner is deleted after the question.
    await page.getByTestId('partner-row').filter({ has: page.getByRole('heading', { name: partnerName }) }).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this partner?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Partner deleted successfully')).toBeVisible();
    expect((await catalogDocs(server, 'partner')).some((d) => d.name === partnerName)).toBe(false);
  } finally {
    await removeNamed(server, prefix);
  }
});

test('the admin reorders a featured row with the keyboard and the home page follows', async ({ page, server }) => {
  const before = (await catalogDocs(server, 'featured')).filter((d) => d.item_type === 'marqet').sort((a, b) => Number(a.order) - Number(b.order));
  const products = new Map((await catalogDocs(server, 'product')).map((p) => [idOf(p), p]));
  // Two neighbours the home page shows (active products).
  const shown = (d: Doc) => products.get(String(d.item_id))?.active === true;
  const at = before.findIndex((d, i) => i > 0 && shown(d) && shown(before[i - 1] as Doc));
  expect(at, 'two neighbouring active featured products').toBeGreaterThan(0);
  const upper = String(products.get(String(before[at - 1]?.item_id))?.name);
  const lower = String(products.get(String(before[at]?.item_id))?.name);
  try {
    await signInOverApi(page, DEMO.admin, '/admin/home?section=featured');
    await expect(page.getByRole('tab', { name: 'Featured Rows' })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByTestId('featured-row-marqet');
    await expect(row.getByRole('heading', { name: 'Fete Marqet Picks' })).toBeVisible();
    const names = row.getByTestId('featured-marqet').locator('.home-admin__name');
    await expect(names.nth(at)).toHaveText(lower);
    await expectAccessible(page, '/admin/home featured rows at 1280 px');

    // Keyboard only: focus the lower one's Move up button and press Enter.
    const moveUp = row.getByRole('button', { name: `Move ${lower} up`, exact: true });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect(names.nth(at - 1)).toHaveText(lower);
    await expect(names.nth(at)).toHaveText(upper);
    await expect(moveUp).toBeFocused();
    await expect(row.getByRole('status')).toHaveText('Order saved');
    const after = (await catalogDocs(server, 'featured')).filter((d) => d.item_type === 'marqet').sort((a, b) => Number(a.order) - Number(b.order));
    const ids = after.map((d) => String(d.item_id));
    expect(ids.indexOf(String(before[at]?.item_id))).toBeLessThan(ids.indexOf(String(before[at - 1]?.item_id)));

    // A signed-out visitor's home page shows the new order.
    const guest = await otherBrowser(server.url);
    try {
      await guest.page.goto('/');
      await waitForCatalog(guest.page);
      await guest.page.reload();
      const titles = guest.page.getByTestId('row-products').locator('.card__title');
      await expect(titles.first()).toBeVisible();
      await expect.poll(async () => {
        const all = await titles.allTextContents();
        return all.findIndex((t) => t.includes(lower)) < all.findIndex((t) => t.includes(upper));
      }).toBe(true);
    } finally {
      await guest.close();
    }

    // By drag and drop: the upper one dragged back onto the first place of the pair.
    const entries = row.getByTestId('featured-marqet');
    await entries.nth(at).dragTo(entries.nth(at - 1));
    await expect(names.nth(at - 1)).toHaveText(upper);
    await expect(names.nth(at)).toHaveText(lower);
    await expect(row.getByRole('status')).toHaveText('Order saved');
    const dragged = (await catalogDocs(server, 'featured')).filter((d) => d.item_type === 'marqet').sort((a, b) => Number(a.order) - Number(b.order));
    const draggedIds = dragged.map((d) => String(d.item_id));
    expect(draggedIds.indexOf(String(before[at - 1]?.item_id))).toBeLessThan(draggedIds.indexOf(String(before[at]?.item_id)));
  } finally {
    // The order as it was.
    const original = new Map(before.map((d) => [d._id, d.order]));
    for (const doc of await catalogDocs(server, 'featured')) {
      if (original.has(doc._id) && doc.order !== original.get(doc._id)) await adminFetch(server, doc, { method: 'PUT', body: { ...doc, order: original.get(doc._id) } });
    }
  }
});
