// Helpers of the Fete Packages / Fete Rides specs: package and ride documents live in `members`,
// which only the admin may write; each write returns how to put things back.
import { expect } from '@playwright/test';
import type { E2eServer } from './support/fixtures.ts';
import { adminWriter, membersDocs } from './catalog-support.ts';
import type { Doc } from './catalog-support.ts';

type Admin = Awaited<ReturnType<typeof adminWriter>>;

async function adminPut(server: E2eServer, admin: Admin, doc: Record<string, unknown> & { _id: string }): Promise<string> {
  const res = await fetch(`${server.url}/db/members/${encodeURIComponent(doc._id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(admin.stamp(doc)),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { rev: string }).rev;
}

/** As the admin: a new package or ride written; resolves with how to delete it. */
export async function putMembersDoc(server: E2eServer, doc: Record<string, unknown> & { _id: string }): Promise<() => Promise<void>> {
  const admin = await adminWriter(server);
  const rev = await adminPut(server, admin, doc);
  return async () => {
    const res = await fetch(`${server.url}/db/members/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(rev)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBeLessThan(300);
  };
}

/** As the admin: every document of `type` set inactive; resolves with how to restore them. */
export async function deactivateAll(server: E2eServer, type: 'package' | 'ride'): Promise<() => Promise<void>> {
  const admin = await adminWriter(server);
  const before = await membersDocs(server, type);
  const revs = new Map<string, string>();
  for (const doc of before) revs.set(doc._id, await adminPut(server, admin, { ...doc, active: false }));
  return async () => {
    for (const doc of before) await adminPut(server, admin, { ...doc, _rev: revs.get(doc._id) });
  };
}

/** Active documents of `type` as the screen orders them. */
export async function activeByOrder(server: E2eServer, type: 'package' | 'ride'): Promise<Doc[]> {
  const docs = (await membersDocs(server, type)).filter((d) => d.active !== false);
  return docs.sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
}
