// Fete Chat with no signal (ADR 025). Member A goes offline and sends three messages (one
// private to B): they show at once, waiting; after a reload they are still there, waiting, in
// order; back online, B (another phone) receives each exactly once, in order. A message over the
// length limit says why it is refused and keeps the text.
// The messages carry a tag of their own: other specs post to the same server's Public Chat.
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { signInOverApi, syncStatus } from './shell-support.ts';
import { reloadOffline, waitForServiceWorker } from './pwa-support.ts';
import { MESSAGE_MAX_LENGTH } from '../../design-docs/src/constants.ts';

const composer = (page: Page, to: string) => page.getByPlaceholder(`Message ${to}...`, { exact: true });
const messages = (page: Page, tag: string): Locator => page.getByTestId('chat-message').filter({ hasText: tag });

async function send(page: Page, to: string, text: string): Promise<void> {
  await composer(page, to).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(composer(page, to)).toHaveValue('');
}

/** Opens a conversation from the contacts panel (Public Chat or a member by first name). */
async function open(page: Page, name: string): Promise<void> {
  await page.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

/** Removes the test's public messages (the sender may delete their own). */
async function cleanUp(server: E2eServer, who: TestAccount, tag: string): Promise<void> {
  const signIn = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const res = await fetch(`${server.url}/db/chat/_all_docs?include_docs=true&startkey=${encodeURIComponent('"message:"')}&endkey=${encodeURIComponent('"message:\ufff0"')}`, { headers });
  const rows = ((await res.json()) as { rows?: Array<{ id: string; value: { rev: string }; doc: { content: string; sender_id: string } }> }).rows ?? [];
  for (const r of rows.filter((row) => row.doc.sender_id === who.userId && row.doc.content.includes(tag))) {
    await fetch(`${server.url}/db/chat/${encodeURIComponent(r.id)}?rev=${r.value.rev}`, { method: 'DELETE', headers });
  }
}

test('sent offline, kept through a reload in order, delivered once each when back online', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const tag = `off${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const a = await createAccount(server, 'chatoff', { first_name: 'Amara' });
  const b = await createAccount(server, 'chatoff', { first_name: 'Brielle' });
  const phone = await otherBrowser(server.url);
  try {
    // B is on the chat, online, the whole time.
    await signInOverApi(phone.page, b, '/fete-chat');
    await expect(composer(phone.page, 'everyone')).toBeVisible();

    // A opens the chat once online (B's profile is then on A's device), then loses the signal.
    await signInOverApi(page, a, `/fete-chat?selectedUserId=${b.userId}`);
    await waitForServiceWorker(page);
    await expect(composer(page, 'Brielle')).toBeVisible();
    await open(page, 'Public Chat');
    await expect(composer(page, 'everyone')).toBeVisible();
    await context.setOffline(true);
    await expect(syncStatus(page)).toContainText('Offline');

    await send(page, 'everyone', `${tag} one`);
    await open(page, 'Brielle');
    await send(page, 'Brielle', `${tag} two, just for you`);
    await expect(messages(page, tag)).toHaveText([new RegExp(`${tag} two`)]);
    await expect(messages(page, tag).getByTestId('chat-waiting')).toHaveCount(1);
    await open(page, 'Public Chat');
    await send(page, 'everyone', `${tag} three`);
    // At once, in order, each one marked as waiting.
    await expect(messages(page, tag)).toHaveText([new RegExp(`${tag} one`), new RegExp(`${tag} three`)]);
    await expect(messages(page, tag).getByTestId('chat-waiting')).toHaveCount(2);
    await expectAccessible(page, 'chat offline, messages waiting');

    // The app reloads with no signal: still there, still waiting, still in order.
    await reloadOffline(page, context);
    await expect(composer(page, 'everyone')).toBeVisible();
    await expect(messages(page, tag)).toHaveText([new RegExp(`${tag} one`), new RegExp(`${tag} three`)]);
    await expect(messages(page, tag).getByTestId('chat-waiting')).toHaveCount(2);
    await open(page, 'Brielle');
    await expect(messages(page, tag)).toHaveText([new RegExp(`${tag} two`)]);
    await expect(messages(page, tag).getByTestId('chat-waiting')).toHaveCount(1);
    // Nothing reached B meanwhile.
    await expect(messages(phone.page, tag)).toHaveCount(0);

    // Signal again: the waiting marks go, and B sees each message once, in order, live.
    await context.setOffline(false);
    await expect(messages(page, tag).getByTestId('chat-waiting')).toHaveCount(0, { timeout: 30_000 });
    await expect(messages(phone.page, tag)).toHaveText([new RegExp(`${tag} one`), new RegExp(`${tag} three`)], { timeout: 30_000 });
    await open(phone.page, 'Amara');
    await expect(messages(phone.page, tag)).toHaveText([new RegExp(`${tag} two`)], { timeout: 30_000 });
    // Still once each after B's own reload (the device copy, not just what was rendered live).
    await phone.page.reload();
    await open(phone.page, 'Amara');
    await expect(composer(phone.page, 'Amara')).toBeVisible();
    await expect(messages(phone.page, tag)).toHaveText([new RegExp(`${tag} two`)]);
    await open(phone.page, 'Public Chat');
    await expect(composer(phone.page, 'everyone')).toBeVisible();
    await expect(messages(phone.page, tag)).toHaveText([new RegExp(`${tag} one`), new RegExp(`${tag} three`)]);

    // Too long: refused with the reason, and the text stays to be shortened.
    await open(page, 'Public Chat');
    const long = `${tag} ${'x'.repeat(MESSAGE_MAX_LENGTH)}`;
    await composer(page, 'everyone').fill(long);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText(`Messages are at most ${MESSAGE_MAX_LENGTH} characters`, { exact: true })).toBeVisible();
    await expect(composer(page, 'everyone')).toHaveValue(long);
    await expect(messages(page, tag)).toHaveCount(2);
  } finally {
    await phone.close();
    await cleanUp(server, a, tag).catch(() => undefined);
  }
});
