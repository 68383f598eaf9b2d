// Reports (/admin/reports, ADR 024): a fresh member reports another member's public
// message in Fete Chat; the admin sees the report (reporter, message, sender, reason, details),
// deletes the message after the question (gone from the server's chat database and from the
// room) and resolves the report (gone from the list and from `reports`). axe at 1280 px.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, otherBrowser, test } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount } from './account-support.ts';
import { tokenFor } from './catalog-support.ts';
import { signInOverApi } from './shell-support.ts';
import { chatLog, chatMessage, sendMessage, serverReports, uniqueText } from './chat-support.ts';

async function openChat(page: Page, who: { email: string; password: string }): Promise<void> {
  await signInOverApi(page, who, '/fete-chat');
  await expect(chatLog(page)).toBeVisible({ timeout: 20_000 });
}

async function chatDocStatus(server: E2eServer, id: string): Promise<number> {
  const token = await tokenFor(server, DEMO.admin);
  return (await fetch(`${server.url}/db/chat/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

const toast = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

test("the admin sees a member's report, deletes the public message and resolves the report", async ({ page, server }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const ana = await createAccount(server, 'report-a', { first_name: 'Ana', last_name: `Reported${tag}` });
  const bo = await createAccount(server, 'report-b', { first_name: 'Bo', last_name: `Reporter${tag}` });
  const anaPhone = await otherBrowser(server.url);
  const boPhone = await otherBrowser(server.url);
  let reportId: string | null = null;
  try {
    const text = uniqueText('E2E reported to admins');
    await openChat(anaPhone.page, ana);
    await sendMessage(anaPhone.page, text);
    const b = boPhone.page;
    await openChat(b, bo);
    await expect(chatMessage(b, text)).toBeVisible({ timeout: 15_000 });
    await chatMessage(b, text).getByRole('button', { name: /Report/ }).click();
    const reportDialog = b.getByRole('dialog', { name: 'Report message' });
    await reportDialog.getByLabel('Reason').selectOption('Spam');
    await reportDialog.getByLabel('Details (optional)').fill('Selling fake tickets');
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await expect(reportDialog).toBeHidden();
    let report: Record<string, unknown> | undefined;
    await expect
      .poll(async () => (report = (await serverReports(server)).find((r) => r.message_content === text)), { timeout: 20_000 })
      .toBeTruthy();
    reportId = String(report?.id);
    const messageId = String(report?.message_id);
    expect(await chatDocStatus(server, messageId)).toBe(200);

    // The admin's list: the dashboard links to it; the report reads in full.
    await signInOverApi(page, DEMO.admin, '/admin');
    // The dashboard's card (the sidebar links to the same page).
    await page.getByRole('main').getByRole('link', { name: /^Reports\b/ }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const row = page.getByTestId('report-row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row.getByRole('heading', { name: `Spam: reported by Bo Reporter${tag}` })).toBeVisible();
    await expect(row.getByText(`Sent by Ana Reported${tag} · Public Chat`)).toBeVisible();
    await expect(row.getByText('Selling fake tickets', { exact: true })).toBeVisible();
    await expectAccessible(page, '/admin/reports at 1280 px');

    // Delete the message, cancelled first, then confirmed.
    await row.getByRole('button', { name: 'Delete message', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete this message? It will be removed from Public Chat for everyone.', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await chatDocStatus(server, messageId)).toBe(200);
    await row.getByRole('button', { name: 'Delete message', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete message', exact: true }).click();
    await expect(toast(page, 'Message deleted successfully')).toBeVisible();
    await expect(row.getByText('Message deleted', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete message', exact: true })).toHaveCount(0);
    expect(await chatDocStatus(server, messageId)).toBe(404);
    await expect(chatMessage(anaPhone.page, text)).toHaveCount(0, { timeout: 15_000 });

    // Resolve: gone from the list and from the server.
    await row.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(dialog.getByText('Are you sure you want to resolve this report? It will be removed from the list.', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(toast(page, 'Report resolved successfully')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await serverReports(server)).some((r) => r.id === reportId)).toBe(false);
    reportId = null;
  } finally {
    await anaPhone.close();
    await boPhone.close();
    if (reportId) {
      const token = await tokenFor(server, DEMO.admin);
      const res = await fetch(`${server.url}/db/reports/report:${reportId}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.ok) {
        const doc = (await res.json()) as { _rev: string };
        await fetch(`${server.url}/db/reports/report:${reportId}?rev=${doc._rev}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      }
    }
  }
});
