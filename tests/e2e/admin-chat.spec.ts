// Fete Chat, the admin's part (ADR 024): delete anyone's public message, and clear the public
// room. Clearing empties the room every spec shares, so this runs in the second Playwright
// project (admin-*), after the member specs that post to Public Chat (chat.spec.ts,
// chat-offline.spec.ts) have finished.
import type { Page } from '@playwright/test';
import { DEMO, expect, otherBrowser, test } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { signInOverApi } from './shell-support.ts';
import { chatLog, chatMessage, sendMessage, uniqueText } from './chat-support.ts';

async function openChat(page: Page, who: { email: string; password: string }): Promise<void> {
  await signInOverApi(page, who, '/fete-chat');
  await expect(chatLog(page)).toBeVisible({ timeout: 20_000 });
}

test("the admin deletes a member's public message and clears the public room", async ({ page, server }) => {
  test.setTimeout(90_000);
  const ana = await createAccount(server, 'chat-admin', { first_name: 'Ana', last_name: `Chat${Date.now().toString(36)}` });
  const phone = await otherBrowser(server.url);
  const a = phone.page;
  try {
    await openChat(a, ana);
    const first = uniqueText('E2E admin deletes');
    const second = uniqueText('E2E admin clears');
    await sendMessage(a, first);
    await sendMessage(a, second);

    await openChat(page, DEMO.admin);
    await expect(chatMessage(page, first)).toBeVisible({ timeout: 15_000 });
    await chatMessage(page, first).getByRole('button', { name: 'Delete message' }).click();
    await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(chatMessage(page, first)).toHaveCount(0);
    await expect(chatMessage(a, first)).toHaveCount(0, { timeout: 15_000 });
    await expect(chatMessage(a, second)).toBeVisible();

    // Members have no clear button; the admin's asks first.
    await expect(a.getByRole('button', { name: 'Clear chat' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear public chat' });
    await expect(dialog).toContainText('Are you sure you want to clear all public messages? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(chatMessage(page, second)).toBeVisible();
    await page.getByRole('button', { name: 'Clear chat' }).click();
    await dialog.getByRole('button', { name: 'Clear chat' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('chat-message')).toHaveCount(0, { timeout: 15_000 });
    await expect(chatMessage(a, second)).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await phone.close();
  }
});
