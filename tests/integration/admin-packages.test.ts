// Manage Packages and Manage Ride Packages over the real server: the admin's online repositories
// add, update, list (inactive too) and remove; a removal takes the custom form and the form's
// submissions with it; a member is refused by the server.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { signUpClient, waitFor } from './data-harness.ts';
import type { CatalogueInput } from '../../web/src/data/repos/admin-packages.ts';
import { catalogueRepo } from '../../web/src/screens/admin/packages/catalogue-repo.ts';

const h = adminHarness();
const { client, admin } = h;

const serverDoc = (db: string, id: string) => h.ts.server.ctx.adminCall('GET', `/${db}/${encodeURIComponent(id)}`);

const input = (over: Partial<CatalogueInput> = {}): CatalogueInput => ({
  title: 'Carnival Monday Shuttle',
  subtitle: 'Port of Spain to the Savannah',
  description: 'Door to door.',
  buttonlink: null,
  bgcolor: 'from-red-500 to-red-700',
  textcolor: 'text-white',
  order: 1,
  active: true,
  ...over,
});

describe('admin packages and rides', () => {
  it('the admin adds, updates, lists (inactive too, by order) and removes, on the server', async () => {
    const a = await admin();
    for (const type of ['ride', 'package'] as const) {
      const repo = catalogueRepo(a.data, type);
      const second = await repo.add(input({ title: `${type} two`, order: 2 }));
      const first = await repo.add(input({ title: `${type} one`, order: 1, active: false, bgcolor: 'from-amber-500 to-amber-700', textcolor: 'text-black' }));
      expect(first.id).not.toBe(second.id);
      expect((await serverDoc('members', `${type}:${first.id}`)).body).toMatchObject({ type, title: `${type} one`, active: false, textcolor: 'text-black', order: 1 });

      expect((await repo.list()).map((i) => i.title)).toEqual([`${type} one`, `${type} two`]);

      const updated = await repo.update(first, input({ title: `${type} one, renamed`, order: 3, active: true }));
      expect(updated.id).toBe(first.id);
      expect((await serverDoc('members', `${type}:${first.id}`)).body).toMatchObject({ title: `${type} one, renamed`, order: 3, active: true, created_at: first.created_at });
      expect((await repo.list()).map((i) => i.title)).toEqual([`${type} two`, `${type} one, renamed`]);

      await repo.remove(first.id);
      await repo.remove(second.id);
      expect((await serverDoc('members', `${type}:${first.id}`)).status).toBe(404);
      expect(await repo.list()).toEqual([]);
    }
  });

  it('an update over a stale version is refused, not silently merged', async () => {
    const a = await admin();
    const item = await a.data.admin.rides.add(input());
    await a.data.admin.rides.update(item, input({ title: 'First edit' }));
    await expect(a.data.admin.rides.update(item, input({ title: 'Second edit' }))).rejects.toMatchObject({ status: 409 });
    expect((await a.data.admin.rides.byId(item.id))?.title).toBe('First edit');
    await a.data.admin.rides.remove(item.id);
  });

  it('removing a ride or a package removes its form first, and the form’s submissions', async () => {
    const a = await admin();
    const m = await client();
    await signUpClient(m);
    for (const type of ['ride', 'package'] as const) {
      const repo = catalogueRepo(a.data, type);
      const item = await repo.add(input({ title: `Cascade ${type}` }));
      const form = await a.data.admin.forms.save(type, item.id, {
        title: `Cascade ${type} form`,
        description: '',
        submitButtonText: '',
        active: true,
        fields: [{ id: 'f1', type: 'text', label: 'Seats', required: true }],
      });
      expect((await repo.withForms()).has(item.id)).toBe(true);

      // The member's submission reaches `submissions` the real way: their userdb, then fan-in.
      const subId = await m.data.submissions.create(form, { Seats: '2' });
      await waitFor(async () => (await serverDoc('submissions', `submission:${subId}`)).status === 200, 'the fan-in copy');

      await repo.remove(item.id);
      expect((await serverDoc('members', `form:${type}:${item.id}`)).status).toBe(404);
      // The server deletes the form's submissions (the form-cascade worker).
      await waitFor(async () => (await serverDoc('submissions', `submission:${subId}`)).status === 404, 'the submission deleted by the server');
      expect((await serverDoc('members', `${type}:${item.id}`)).status).toBe(404);
      expect((await repo.withForms()).has(item.id)).toBe(false);
    }
  });

  // ADR 035: an admin tab closed after deleting the ride but before its form.
  it('a ride deleted on its own still takes its form and the form\'s submissions with it, on the server', async () => {
    const a = await admin();
    const m = await client();
    await signUpClient(m);
    const repo = catalogueRepo(a.data, 'ride');
    const item = await repo.add(input({ title: 'Half-deleted ride' }));
    const form = await a.data.admin.forms.save('ride', item.id, {
      title: 'Half-deleted ride form', description: '', submitButtonText: '', active: true,
      fields: [{ id: 'f1', type: 'text', label: 'Seats', required: true }],
    });
    const subId = await m.data.submissions.create(form, { Seats: '1' });
    await waitFor(async () => (await serverDoc('submissions', `submission:${subId}`)).status === 200, 'the fan-in copy');
    const ride = (await serverDoc('members', `ride:${item.id}`)).body as { _rev: string };
    expect((await h.ts.server.ctx.adminCall('DELETE', `/members/${encodeURIComponent(`ride:${item.id}`)}?rev=${ride._rev}`)).status).toBe(200);
    await waitFor(async () => (await serverDoc('members', `form:ride:${item.id}`)).status === 404, 'the form deleted by the server');
    await waitFor(async () => (await serverDoc('submissions', `submission:${subId}`)).status === 404, 'its submission deleted by the server');
  });

  it('a member is refused by the server (403), and nothing is written', async () => {
    const m = await client();
    await signUpClient(m);
    const before = (await h.ts.server.ctx.adminCall('GET', `/members/_all_docs?startkey=${encodeURIComponent('"ride:"')}&endkey=${encodeURIComponent('"ride:\ufff0"')}`)).body as { rows: unknown[] };
    await expect(m.data.admin.rides.add(input())).rejects.toMatchObject({ status: 403 });
    await expect(m.data.admin.packages.add(input())).rejects.toMatchObject({ status: 403 });
    const after = (await h.ts.server.ctx.adminCall('GET', `/members/_all_docs?startkey=${encodeURIComponent('"ride:"')}&endkey=${encodeURIComponent('"ride:\ufff0"')}`)).body as { rows: unknown[] };
    expect(after.rows).toHaveLength(before.rows.length);
  });
});
