// Fete Chat (ADR 024, ADR 025): two members on two browsers and the demo admin. Messages arrive
// live (no reload, no polling): public and private, both ways; unread badges and the profile menu
// count appear and clear; deletions vanish on both sides; a receiver deletes a private message
// from their own inbox, online and offline, and its sender keeps it (ADR 052); block and report; the small-screen
// layout; axe at 375 and 1280 px. The admin's delete and clear are in admin-chat.spec.ts.
// The public room is shared with every other spec, so each message text is unique.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import { createAccount, signInWithUi } from './account-support.ts';
import type { TestAccount } from './account-support.ts';
import { goOffline, profileButton, signInOverApi, syncStatus } from './shell-support.ts';
import { chatLog, chatMessage, contact, contactsPanel, conversationTitle, messageInput, sendMessage, serverHasMessage, serverReports, uniqueText } from './chat-support.ts';

function tag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function twoMembers(server: Parameters<typeof createAccount>[0]): Promise<[TestAccount, TestAccount]> {
  const id = tag();
  return Promise.all([
    createAccount(server, 'chat-a', { first_name: 'Ana', last_name: `Chat${id}` }),
    createAccount(server, 'chat-b', { first_name: 'Bo', last_name: `Chat${id}` }),
  ]);
}

const full = (a: TestAccount) => `${a.first_name} ${a.last_name}`;

async function openChat(page: Page, who: TestAccount | { email: string; password: string }, path = '/fete-chat'): Promise<void> {
  await signInOverApi(page, who, path);
  await expect(chatLog(page)).toBeVisible({ timeout: 20_000 });
}

test.describe('Fete Chat', () => {
  test('visitors sign in first and come back to the conversation ?selectedUserId= names', async ({ page, server }) => {
    const [ana, bo] = await twoMembers(server);
    await page.goto(`/fete-chat?selectedUserId=${bo.userId}`);
    await expect(page).toHaveURL(/\/signin$/);
    await signInWithUi(page, ana.email, ana.password);
    await expect(page).toHaveURL(new RegExp(`/fete-chat\\?selectedUserId=${bo.userId}$`));
    await expect(conversationTitle(page)).toHaveText(full(bo));
    await expect(messageInput(page)).toHaveAttribute('placeholder', 'Message Bo...');
    await expect(contact(page, full(bo))).toHaveAttribute('aria-current', 'true');
    await expect(contact(page, full(bo))).toContainText('No messages yet');
    // Public Chat has no parameter, and Back returns to the private conversation.
    await contactsPanel(page).getByRole('button', { name: /Public Chat/ }).click();
    await expect(page).toHaveURL(/\/fete-chat$/);
    await expect(conversationTitle(page)).toHaveText('Public Chat');
    await expect(messageInput(page)).toHaveAttribute('placeholder', 'Message everyone...');
    await page.goBack();
    await expect(conversationTitle(page)).toHaveText(full(bo));
  });

  test('public and private messages arrive live both ways; badges and the menu count appear and clear; deletions vanish on both sides', async ({ page, server }) => {
    test.setTimeout(120_000);
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    const b = phone.page;
    try {
      await openChat(page, ana);
      await openChat(b, bo);
      await expect(conversationTitle(page)).toHaveText('Public Chat');

      // Public, both ways, with no reload.
      const hello = uniqueText('E2E public from Ana');
      await sendMessage(page, hello);
      await expect(chatMessage(b, hello)).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(b, hello)).toContainText(full(ana));
      const reply = uniqueText('E2E public from Bo');
      await sendMessage(b, reply);
      await expect(chatMessage(page, reply)).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page, 'chat public 1280');

      // The send button waits for text; Shift+Enter is a new line, Enter sends.
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
      await messageInput(page).fill('   ');
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

      // Private: Ana writes to Bo, who is in Public Chat; his badges appear live.
      await contact(page, full(bo)).click();
      await expect(page).toHaveURL(new RegExp(`selectedUserId=${bo.userId}`));
      const secret = uniqueText('E2E private to Bo');
      await messageInput(page).fill(secret);
      await messageInput(page).press('Enter');
      await expect(chatMessage(page, secret)).toBeVisible();
      await expect(contact(b, full(ana)).getByTestId('chat-unread-badge')).toContainText('1', { timeout: 15_000 });
      await expect(b.getByTestId('profile-badge')).toContainText('1');
      // Contacts with a conversation come first.
      await expect(contactsPanel(b).getByTestId('chat-contact').first()).toContainText(full(ana));
      await expectAccessible(page, 'chat private 1280');

      // Bo opens it: the messages are read, and both badges clear.
      await contact(b, full(ana)).click();
      await expect(chatMessage(b, secret)).toBeVisible();
      await expect(contact(b, full(ana)).getByTestId('chat-unread-badge')).toHaveCount(0);
      await expect(b.getByTestId('profile-badge')).toHaveCount(0);

      // Bo answers; Ana, in the conversation, sees it at once (and has nothing unread).
      const answer = uniqueText('E2E private to Ana');
      await sendMessage(b, answer);
      await expect(chatMessage(page, answer)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('profile-badge')).toHaveCount(0);

      // Ana deletes her private message: it vanishes on both sides.
      // It asks first: Cancel keeps the message, Delete removes it.
      await chatMessage(page, secret).getByRole('button', { name: 'Delete message' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
      await expect(confirm).toContainText('It is removed for everyone in this conversation. This action cannot be undone.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(chatMessage(page, secret)).toBeVisible();
      await expect(chatMessage(b, secret)).toBeVisible();
      await chatMessage(page, secret).getByRole('button', { name: 'Delete message' }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(chatMessage(page, secret)).toHaveCount(0);
      await expect(chatMessage(b, secret)).toHaveCount(0, { timeout: 15_000 });

      // And her public one.
      await contactsPanel(page).getByRole('button', { name: /Public Chat/ }).click();
      await contactsPanel(b).getByRole('button', { name: /Public Chat/ }).click();
      await expect(chatMessage(b, hello)).toBeVisible();
      await expect(chatMessage(b, hello).getByRole('button', { name: 'Delete message' })).toHaveCount(0);
      await chatMessage(page, hello).getByRole('button', { name: 'Delete message' }).click();
      await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(chatMessage(page, hello)).toHaveCount(0);
      await expect(chatMessage(b, hello)).toHaveCount(0, { timeout: 15_000 });
      await expect(chatMessage(page, reply)).toBeVisible();
    } finally {
      await phone.close();
    }
  });

  test('a receiver deletes a private message from their own inbox, by keyboard and offline too; the sender keeps theirs', async ({ page, server }) => {
    test.setTimeout(120_000);
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    const b = phone.page;
    try {
      await openChat(page, ana, `/fete-chat?selectedUserId=${bo.userId}`);
      await openChat(b, bo, `/fete-chat?selectedUserId=${ana.userId}`);
      const first = uniqueText('E2E received one');
      const second = uniqueText('E2E received two');
      await sendMessage(page, first);
      await sendMessage(page, second);
      await expect(chatMessage(b, second)).toBeVisible({ timeout: 15_000 });
      const firstId = (await chatMessage(b, first).getAttribute('data-message-id')) as string;
      const secondId = (await chatMessage(b, second).getAttribute('data-message-id')) as string;

      // From the keyboard: the message's Delete, then a question that says only Bo's copy goes.
      await chatMessage(b, first).getByRole('button', { name: 'Delete message' }).focus();
      await b.keyboard.press('Enter');
      const confirm = b.getByRole('dialog', { name: 'Delete this message from your inbox?' });
      await expect(confirm).toContainText(`${full(ana)} keeps their copy. This action cannot be undone.`);
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectAccessible(b, 'chat delete received 1280');
      await b.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(chatMessage(b, first)).toBeVisible();
      await chatMessage(b, first).getByRole('button', { name: 'Delete message' }).focus();
      await b.keyboard.press('Enter');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await b.keyboard.press('Tab');
      await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
      await b.keyboard.press('Enter');
      await expect(chatMessage(b, first)).toHaveCount(0);

      // Offline: it goes at once on the device, and its deletion waits for the signal.
      await goOffline(phone.context, b);
      await chatMessage(b, second).getByRole('button', { name: 'Delete message' }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(chatMessage(b, second)).toHaveCount(0);
      await phone.context.setOffline(false);
      await expect(syncStatus(b)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });

      // Bo's answer goes after his deletions, so once Ana has it the server has followed them:
      // both are gone from Bo's inbox, and Ana still has both, on the server and on her screen.
      const answer = uniqueText('E2E after deleting');
      await sendMessage(b, answer);
      await expect(chatMessage(page, answer)).toBeVisible({ timeout: 15_000 });
      expect(await serverHasMessage(server, bo, firstId)).toBe(false);
      expect(await serverHasMessage(server, bo, secondId)).toBe(false);
      expect(await serverHasMessage(server, ana, firstId)).toBe(true);
      expect(await serverHasMessage(server, ana, secondId)).toBe(true);
      await expect(chatMessage(page, first)).toBeVisible();
      await expect(chatMessage(page, second)).toBeVisible();
      // And a fresh read on Bo's device brings neither back.
      await b.reload();
      await expect(chatMessage(b, answer)).toBeVisible({ timeout: 20_000 });
      await expect(chatMessage(b, first)).toHaveCount(0);
      await expect(chatMessage(b, second)).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });

  test('offline, messages show at once as waiting, then go in order when the signal is back; a too-long one says why and keeps the text', async ({ page, context, server }) => {
    test.setTimeout(90_000);
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    const b = phone.page;
    try {
      await openChat(page, ana, `/fete-chat?selectedUserId=${bo.userId}`);
      await openChat(b, bo, `/fete-chat?selectedUserId=${ana.userId}`);
      await goOffline(context, page);
      const texts = [uniqueText('E2E offline one'), uniqueText('E2E offline two')];
      for (const t of texts) await sendMessage(page, t);
      for (const t of texts) await expect(chatMessage(page, t).getByTestId('chat-waiting')).toHaveText('Waiting to send');

      const long = 'x'.repeat(5001);
      await messageInput(page).fill(long);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.locator('.chat-composer').getByRole('alert')).toHaveText('Messages are at most 5000 characters');
      await expect(messageInput(page)).toHaveValue(long);
      await messageInput(page).fill('');

      await context.setOffline(false);
      for (const t of texts) await expect(chatMessage(page, t).getByTestId('chat-waiting')).toHaveCount(0, { timeout: 30_000 });
      await expect(b.getByTestId('chat-message').filter({ hasText: 'E2E offline' })).toHaveText([new RegExp(texts[0]!), new RegExp(texts[1]!)], { timeout: 30_000 });
    } finally {
      await phone.close();
    }
  });

  test('read state reaches the sender: "Seen" under the last message read', async ({ page, server }) => {
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    try {
      await openChat(page, ana, `/fete-chat?selectedUserId=${bo.userId}`);
      const text = uniqueText('E2E seen');
      await sendMessage(page, text);
      await expect(page.getByTestId('chat-seen')).toHaveCount(0);
      await openChat(phone.page, bo, `/fete-chat?selectedUserId=${ana.userId}`);
      await expect(chatMessage(phone.page, text)).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(page, text).getByTestId('chat-seen')).toBeVisible({ timeout: 15_000 });
      // A message that arrives while the conversation is open is marked read a moment later.
      const later = uniqueText('E2E seen later');
      await sendMessage(page, later);
      await expect(chatMessage(phone.page, later)).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(page, later).getByTestId('chat-seen')).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(page, text).getByTestId('chat-seen')).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });

  test('block stops delivery and hides the member; unblock from the same place', async ({ page, server }) => {
    test.setTimeout(90_000);
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    const b = phone.page;
    try {
      await openChat(page, ana, `/fete-chat?selectedUserId=${bo.userId}`);
      await openChat(b, bo, `/fete-chat?selectedUserId=${ana.userId}`);
      await b.getByRole('button', { name: 'Block', exact: true }).click();
      await b.getByRole('dialog', { name: `Block ${full(ana)}?` }).getByRole('button', { name: 'Block' }).click();
      await expect(b.getByText(`You blocked ${full(ana)}.`)).toBeVisible();
      await expect(contact(b, full(ana))).toHaveCount(0);
      // The block works on the server: it must have reached it before Ana writes.
      await expect(b.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 20_000 });

      const blocked = uniqueText('E2E while blocked');
      await sendMessage(page, blocked);
      // Unblock from the contacts panel; a later message arrives, the one sent while blocked never does.
      await contactsPanel(b).getByText(/Blocked members/).click();
      await contactsPanel(b).getByRole('button', { name: `Unblock ${full(ana)}` }).click();
      await expect(contact(b, full(ana))).toBeVisible();
      const after = uniqueText('E2E after unblock');
      await sendMessage(page, after);
      await expect(chatMessage(b, after)).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(b, blocked)).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });

  test("a report reaches the admins' list", async ({ page, server }) => {
    const [ana, bo] = await twoMembers(server);
    const phone = await otherBrowser(server.url);
    try {
      await openChat(phone.page, ana);
      const text = uniqueText('E2E reported');
      await sendMessage(phone.page, text);
      await openChat(page, bo);
      await expect(chatMessage(page, text).getByRole('button', { name: 'Report' })).toBeVisible({ timeout: 15_000 });
      await expect(chatMessage(phone.page, text).getByRole('button', { name: /Report/ })).toHaveCount(0);
      await chatMessage(page, text).getByRole('button', { name: /Report/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Report message' });
      await dialog.getByLabel('Reason').selectOption('Harassment');
      await dialog.getByLabel('Details (optional)').fill('Not nice');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => (await serverReports(server)).find((r) => r.message_content === text), { timeout: 20_000 })
        .toMatchObject({ reporter_id: bo.userId, message_sender_id: ana.userId, reason: 'Harassment', details: 'Not nice', message_is_public: true });
    } finally {
      await phone.close();
    }
  });

  test('posting too fast to Public Chat: the server says so by the input, and the message waits', async ({ page, server }) => {
    test.setTimeout(90_000);
    const [ana] = await twoMembers(server);
    await openChat(page, ana);
    const burst = uniqueText('E2E burst');
    for (let i = 1; i <= 21; i++) {
      await messageInput(page).fill(`${burst} #${i}`);
      await messageInput(page).press('Enter');
      await expect(messageInput(page)).toHaveValue('');
    }
    await expect(page.getByTestId('chat-notice')).toContainText("You're posting too fast: at most 20 messages a minute in Public Chat.", { timeout: 20_000 });
    await expect(chatMessage(page, `${burst} #21`).getByTestId('chat-waiting')).toBeVisible();
  });

  test.describe('on a small screen', () => {
    test.use({ viewportSize: { width: 375, height: 740 } });

    test('the panels alternate: contacts first, then the conversation with a way back', async ({ page, server }) => {
      const [ana, bo] = await twoMembers(server);
      // The profile menu is hidden on the chat below 768px: sign in on Home first.
      await signInOverApi(page, ana, '/');
      await page.goto('/fete-chat');
      const contacts = contactsPanel(page);
      await expect(contacts).toBeVisible();
      await expect(chatLog(page)).toBeHidden();
      // Spec: the user menu is hidden below 768px on the chat route; there is no sidebar.
      await expect(profileButton(page)).toBeHidden();
      await expect(contacts.getByPlaceholder('Search users...')).toBeVisible();
      await expect(contacts.getByRole('link', { name: 'Back to Home' })).toBeVisible();
      await expectAccessible(page, 'chat contacts 375');

      await contacts.getByPlaceholder('Search users...').fill(bo.last_name);
      await expect(contacts.getByTestId('chat-contact')).toHaveCount(1);
      await contact(page, full(bo)).click();
      await expect(contacts).toBeHidden();
      await expect(conversationTitle(page)).toHaveText(full(bo));
      const text = uniqueText('E2E small screen');
      await sendMessage(page, text);
      await expectAccessible(page, 'chat conversation 375');

      await page.getByRole('button', { name: 'Contacts', exact: true }).click();
      await expect(contacts).toBeVisible();
      await expect(chatLog(page)).toBeHidden();
      await expect(contact(page, full(bo))).toContainText('Just now');

      // A link with ?selectedUserId= opens straight on the conversation.
      await page.goto(`/fete-chat?selectedUserId=${bo.userId}`);
      await expect(chatMessage(page, text)).toBeVisible({ timeout: 20_000 });
      await expect(contacts).toBeHidden();
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewportSize: { width: 390, height: 844 } });

    test("the conversation header shows the other member's whole name, with Refresh and Block as named icons", async ({ page, server }) => {
      const id = tag();
      const [ana, kerwin] = await Promise.all([
        createAccount(server, 'chat-a', { first_name: 'Ana', last_name: `Chat${id}` }),
        createAccount(server, 'chat-k', { first_name: 'Kerwin', last_name: `Du Bois ${id}` }),
      ]);
      await signInOverApi(page, ana, '/');
      await page.goto(`/fete-chat?selectedUserId=${kerwin.userId}`);
      const title = conversationTitle(page);
      await expect(title).toHaveText(full(kerwin));
      // Nothing of the name is cut: no ellipsis, no clipped line.
      const fits = await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);
      expect(fits).toBe(true);
      const box = await title.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      for (const name of ['Contacts', 'Refresh messages', 'Block']) await expect(page.getByRole('button', { name, exact: true })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page, 'chat header 390');
    });
  });
});
