// The bell's "Starting soon" (ADR 048): an event the member attends that starts within the day is
// listed above the form notifications, with its start on its own clock, and links to its page;
// one that is days away is not. It runs with the specs that add catalogue items (playwright.config.ts).
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { createAccount, signInWithUi } from './account-support.ts';
import { putCatalogDoc, waitForCatalog } from './catalog-support.ts';
import { makeEvent } from '../fixtures/index.ts';

/** The date and HH:MM on Port of Spain's clock (UTC-4, no daylight saving) at `at`. */
function portOfSpain(at: number): { date: string; time: string } {
  const local = new Date(at - 4 * 3600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

test('an attended event that starts within the day is in the bell under Starting soon, and links to it', async ({ page, server }) => {
  const soonAt = portOfSpain(Date.now() + 3 * 3600_000);
  const laterAt = portOfSpain(Date.now() + 5 * 24 * 3600_000);
  const soon = makeEvent({ title: 'Soon Fete E2E', date: soonAt.date, start_time: soonAt.time, country: 'Trinidad', state: 'Port of Spain', location: 'Savannah', active: true });
  const later = makeEvent({ title: 'Later Fete E2E', date: laterAt.date, start_time: laterAt.time, country: 'Trinidad', state: 'Port of Spain', location: 'Savannah', active: true });
  const removals = [await putCatalogDoc(server, soon), await putCatalogDoc(server, later)];
  try {
    const account = await createAccount(server, 'starting-soon');
    await signInWithUi(page, account.email, account.password);
    for (const e of [soon, later]) {
      await page.goto(`/events/${e._id.slice('event:'.length)}`);
      await waitForCatalog(page);
      await page.getByTestId('attend-button').click();
      await expect(page.getByTestId('attend-button')).toHaveText('Cancel Attendance');
    }
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const bell = page.getByRole('region', { name: 'Notifications' });
    const section = bell.getByRole('region', { name: 'Starting soon' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section).toContainText(`Starts at ${soonAt.time}, in 3 hours · Savannah`);
    await expect(bell).not.toContainText('Later Fete E2E');
    // The form notifications below are the spec's, untouched.
    await expect(bell.getByText('No notifications yet')).toBeVisible();
    await expectAccessible(page, 'bell with starting soon');
    await section.getByRole('link', { name: 'Soon Fete E2E' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${soon._id.slice('event:'.length)}$`));
  } finally {
    for (const remove of removals) await remove();
  }
});
