// The header at its worst: at 320, 390, 768 and 1280 px, signed out and
// signed in, offline too, before and after the browser offers installation. Every control keeps
// a 44×44 px target inside the viewport, no two overlap, and the menu still opens.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, test } from './support/fixtures.ts';
import { sidebar, signInOverApi } from './shell-support.ts';
import { holdBackRealInstallOffers, offerInstall } from './pwa-support.ts';

const WIDTHS = [320, 390, 768, 1280];
const TARGET = 44;

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The header's visible controls (links and buttons) and its sync pill, as laid out. */
async function headerBoxes(page: Page): Promise<{ controls: Box[]; pill: Box | null }> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.topbar');
    if (!bar) throw new Error('no header');
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      return { name, x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0;
    };
    const controls = [...bar.querySelectorAll('a, button')].filter(shown).map(box);
    const pillEl = bar.querySelector('[data-testid="sync-status"]');
    return { controls, pill: pillEl && shown(pillEl) ? box(pillEl) : null };
  });
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

async function expectHeaderFits(page: Page, width: number, label: string): Promise<void> {
  const { controls, pill } = await headerBoxes(page);
  expect(controls.length, label).toBeGreaterThan(1);
  for (const c of controls) {
    expect(c.width, `${label}: width of ${c.name}`).toBeGreaterThanOrEqual(TARGET - 0.5);
    expect(c.height, `${label}: height of ${c.name}`).toBeGreaterThanOrEqual(TARGET - 0.5);
    // One line: a label that wraps (the install icon above its words) makes a taller button.
    expect(c.height, `${label}: ${c.name} on one line`).toBeLessThanOrEqual(52);
    expect(c.x, `${label}: ${c.name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(c.x + c.width, `${label}: ${c.name} ends inside the viewport`).toBeLessThanOrEqual(width + 0.5);
  }
  const all = pill ? [...controls, { ...pill, name: 'sync status' }] : controls;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [a, b] = [all[i] as Box, all[j] as Box];
      expect(overlap(a, b), `${label}: ${a.name} overlaps ${b.name}`).toBeLessThanOrEqual(0.5);
    }
  }
}

async function offerInstallAndWait(page: Page): Promise<void> {
  await offerInstall(page);
  await expect(page.getByRole('button', { name: 'Install Fete' })).toBeVisible();
}

async function expectMenuOpens(page: Page, width: number): Promise<void> {
  const menu = page.getByTestId('menu-button');
  if (width >= 1024 || (await menu.count()) === 0) return;
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

for (const width of WIDTHS) {
  test.describe(`the header at ${width}px`, () => {
    test.use({ viewportSize: { width, height: 800 } });

    test('signed out, online and offline, with and without the install offer', async ({ page, context }) => {
      await holdBackRealInstallOffers(page);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
      await expectHeaderFits(page, width, 'signed out');
      await offerInstallAndWait(page);
      await expectHeaderFits(page, width, 'signed out, install offered');
      await context.setOffline(true);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
      await expectHeaderFits(page, width, 'signed out, offline, install offered');
      await context.setOffline(false);
      await expectMenuOpens(page, width);
      if (width === 320) await expectAccessible(page, 'header at 320px, install offered');
    });

    test('signed in, online and offline, with and without the install offer', async ({ page, context }) => {
      await holdBackRealInstallOffers(page);
      await signInOverApi(page, DEMO.member);
      await expectHeaderFits(page, width, 'signed in');
      await offerInstallAndWait(page);
      await expectHeaderFits(page, width, 'signed in, install offered');
      await context.setOffline(true);
      await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'offline');
      await expectHeaderFits(page, width, 'signed in, offline, install offered');
      await context.setOffline(false);
      await expectMenuOpens(page, width);
      // The bell and the profile menu still open.
      await page.getByRole('button', { name: /Notifications/ }).click();
      await expect(page.getByRole('region', { name: /Notifications/ })).toBeVisible();
    });
  });
}
