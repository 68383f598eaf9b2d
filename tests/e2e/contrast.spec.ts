// "Coming Soon" on the admin dashboard once read at about 1.1:1 and axe passed it.
// Every text of the admin dashboard and of the member dashboard's tabs must reach 4.5:1 against
// what it is drawn on, computed from the styles (support/contrast.ts), gradients included.
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { expectReadable, lowContrast } from './support/contrast.ts';
import { signInOverApi } from './shell-support.ts';

test('the contrast check catches pale text, translucent layers and a pale gradient stop', async ({ page }) => {
  await page.setContent(`
    <main style="background:#fdfbff">
      <p id="ok" style="color:#1f1f1f">Readable text</p>
      <span style="background:rgb(255 255 255 / 0.14);color:#e9d8f2">Coming Soon</span>
      <div style="background:linear-gradient(135deg,#7c2d92,#f4e8f8)"><b style="color:#fff">On a gradient</b></div>
      <div style="background:linear-gradient(135deg,#7c2d92,#4a1a57)"><b style="color:#fff">On a dark gradient</b></div>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);color:#fff">Hidden label</span>
    </main>`);
  const report = await lowContrast(page, 'main');
  expect(report.low.map((l) => l.text).sort()).toEqual(['Coming Soon', 'On a gradient']);
  expect(report.low.find((l) => l.text === 'Coming Soon')!.ratio).toBeLessThan(1.5);
  expect(report.checked).toBe(4);
});

test('the axe check fails on a serious violation, and again after moving inside the page', async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>Check</title></head><body><main><h1>Fine</h1><button id="b">Named</button></main></body></html>');
  await expectAccessible(page, 'a clean page');
  // axe stays in the page between checks: a control that loses its name is still found.
  await page.evaluate(() => {
    const b = document.getElementById('b') as HTMLButtonElement;
    b.textContent = '';
  });
  await expect(expectAccessible(page, 'a nameless button')).rejects.toThrow(/button-name \(critical\)/);
});

test('every text on the admin dashboard reaches 4.5:1', async ({ page }) => {
  await signInOverApi(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Control' })).toBeVisible();
  await expect(page.getByText('Coming Soon', { exact: true }).first()).toBeVisible();
  await expectReadable(page, 'the admin dashboard');
});

test("every text on the member dashboard's card and tabs reaches 4.5:1", async ({ page }) => {
  await signInOverApi(page, DEMO.member, '/dashboard');
  await expect(page.getByTestId('member-number')).toBeVisible({ timeout: 20_000 });
  for (const tab of ['How Yuh Like It', "Events I'm Attending", 'Receipts', 'Forms Status']) {
    const button = page.getByRole('tab', { name: new RegExp(`^${tab}`) });
    await button.click();
    await expect(button).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.spinner-wrap')).toHaveCount(0, { timeout: 20_000 });
    await expectReadable(page, `the member dashboard, ${tab}`);
  }
});
