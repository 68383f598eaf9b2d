// Helpers of the Fete Chat spec: the chat's parts by role, sending, and what the server holds:
// the admins' reports list, and whether a member's userdb has a message.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { tokenFor } from './catalog-support.ts';
import { userDbName } from '../../design-docs/src/databases.ts';

/** A text no other test (or run) has written: the public room is shared. */
export function uniqueText(label: string): string {
  return `${label} ${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function chatLog(page: Page): Locator {
  return page.getByTestId('chat-log');
}

export function chatMessage(page: Page, text: string): Locator {
  return page.getByTestId('chat-message').filter({ hasText: text });
}

export function contactsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Contacts' });
}

export function contact(page: Page, name: string): Locator {
  return contactsPanel(page).getByTestId('chat-contact').filter({ hasText: name });
}

export function messageInput(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  await messageInput(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageInput(page)).toHaveValue('');
  await expect(chatMessage(page, text)).toBeVisible();
}

/** The conversation's heading (Public Chat, or the other member's name). */
export function conversationTitle(page: Page): Locator {
  return page.locator('#chat-conv-title');
}

/** The admins' reports list on the server (ADR 024: admins alone read it). */
export async function serverReports(server: E2eServer): Promise<Array<Record<string, unknown>>> {
  const token = await tokenFor(server, DEMO.admin);
  const qs = new URLSearchParams({ include_docs: 'true', startkey: JSON.stringify('report:'), endkey: JSON.stringify('report:\ufff0') });
  const res = await fetch(`${server.url}/db/reports/_all_docs?${qs}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) return [];
  const body = (await res.json()) as { rows: Array<{ doc?: Record<string, unknown> }> };
  return body.rows.flatMap((r) => (r.doc ? [r.doc] : []));
}

/** Whether `who`'s userdb on the server holds the message (read as that member). */
export async function serverHasMessage(server: E2eServer, who: { email: string; password: string; userId: string }, id: string): Promise<boolean> {
  const token = await tokenFor(server, who);
  const res = await fetch(`${server.url}/db/${userDbName(who.userId)}/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 && res.status !== 404) throw new Error(`reading ${id}: ${res.status}`);
  return res.status === 200;
}
