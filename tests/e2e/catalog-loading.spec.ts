// While a new device's first catalogue pull is on its way, every list and detail page says the
// spec's loading text rather than "not found" (the market's own spec checks 'Loading products...').
import { test, expect } from './support/fixtures.ts';

// A first visit: nothing on the device yet.
test.use({ freshProfile: true });

const PAGES = [
  { path: '/fete-guide', text: 'Loading events...' },
  { path: '/fete-travel', text: 'Loading destinations...' },
  { path: '/fete-eats', text: 'Loading restaurants...' },
  { path: '/fete-faces', text: 'Loading...' },
  { path: '/fete-destinations', text: 'Loading...' },
  { path: '/events/some-event', text: 'Loading...' },
  { path: '/bands/some-band', text: 'Loading...' },
  { path: '/restaurants/some-restaurant', text: 'Loading...' },
  { path: '/fete-faces/some-provider', text: 'Loading provider details...' },
] as const;

test('a first visit shows the loading texts until the catalogue arrives', async ({ page, context }) => {
  // The first pull is held: the requests never answer.
  await context.route('**/db/catalog/**', () => {});
  for (const { path, text } of PAGES) {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true }), path).toBeVisible();
    await expect(page.getByText(/ not found$|^No \w+ found$/)).toHaveCount(0);
  }
});
