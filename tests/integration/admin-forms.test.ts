// The admin's online repositories behind Forms Management and Form Submissions, against the
// real server through the data layer: the forms list, a form's submissions newest first (made
// by members on their devices and fanned in), a status save that writes both copies and tells
// the member, what a member may not do, and a form delete that takes its submissions first.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { signUpClient, waitFor } from './data-harness.ts';
import type { Client } from './data-harness.ts';
import { postJson, waitForMail } from './helpers/accounts.ts';
import { seedFormTarget } from './helpers/forms.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import type { FormDraft } from '../../web/src/data/repos/admin-forms.ts';

const h = adminHarness({ email: 'forms-admin@fete.test', password: 'forms-admin-pass-1' });
const { client, admin } = h;

async function member(): Promise<{ c: Client; userId: string; email: string; token: string }> {
  const c = await client();
  const who = await signUpClient(c);
  const signin = await postJson(h.ts.url, '/api/auth/signin', { email: who.email, password: who.password });
  return { c, userId: who.userId, email: who.email, token: signin.body.access_token as string };
}

const draft = (title: string): FormDraft => ({
  title,
  description: 'Costume pickup and drinks',
  submitButtonText: 'Book',
  active: true,
  fields: [
    { id: 'f1', type: 'number', label: 'Seats', required: true },
    { id: 'f2', type: 'checkbox', label: 'Extras', required: false, options: ['Drinks', 'Shirt'] },
  ],
});

const adminDb = (method: string, path: string, body?: unknown) => h.ts.server.ctx.adminCall(method, path, body);

/** Saves a form for a package or ride that exists: fan-in refuses submissions to a form without one (ADR 035). */
async function saveForm(a: Client, formtype: 'package' | 'ride', targetid: string, d: FormDraft) {
  await seedFormTarget(adminDb, formtype, targetid);
  return a.data.admin.forms.save(formtype, targetid, d);
}

describe('admin forms and submissions', () => {
  it('lists forms newest-updated first, finds one by its id', async () => {
    const a = await admin();
    const older = await saveForm(a, 'package', 'pkglist1', draft('Older Package Form'));
    await new Promise((r) => setTimeout(r, 5));
    const newer = await saveForm(a, 'ride', 'ridelist1', draft('Newer Ride Form'));
    const list = await a.data.admin.forms.list();
    const ids = list.map((f) => f.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((f) => f.id === newer.id)).toMatchObject({ title: 'Newer Ride Form', formtype: 'ride', targetid: 'ridelist1', active: true });
    expect((await a.data.admin.forms.byId(older.id))?.title).toBe('Older Package Form');
    expect(await a.data.admin.forms.byId('no-such-form')).toBeNull();
  });

  it('submissions made by members arrive newest first; saveStatus writes both copies and notifies', async () => {
    const a = await admin();
    const form = await saveForm(a, 'package', 'pkgsubs1', draft('Carnival Monday Package'));
    const m1 = await member();
    const m2 = await member();
    const first = await m1.c.data.submissions.create(form, { Seats: 2, Extras: ['Drinks'] });
    await new Promise((r) => setTimeout(r, 5));
    const second = await m2.c.data.submissions.create(form, { Seats: 4, Extras: [] });

    // Pushed from the members' devices, then copied into `submissions` by the fan-in worker.
    const subs = await waitFor(async () => {
      const got = (await a.data.admin.submissions.all(form.id)).submissions;
      return got.length === 2 && got;
    }, 'both submissions fanned in', 30_000);
    expect(subs.map((s) => s.id)).toEqual([second, first]);
    // A page of one: the newest only, and where the next begins.
    const newest = await a.data.admin.submissions.page(form.id, { limit: 1 });
    expect(newest.submissions.map((s) => s.id)).toEqual([second]);
    expect(newest.names.get(m2.userId)).toMatch(/\S+ \S+/);
    const older = await a.data.admin.submissions.page(form.id, { limit: 1, cursor: newest.next });
    expect(older.submissions.map((s) => s.id)).toEqual([first]);
    expect(subs[1]).toMatchObject({ userid: m1.userId, status: 'pending', data: { Seats: 2, Extras: ['Drinks'] } });

    // Names of members who just signed up: from the server when the device has not pulled them yet.
    const names = await a.data.admin.submissions.names([m1.userId, m2.userId, 'gone-user']);
    expect(names.size).toBe(2);
    expect(names.get(m1.userId)).toMatch(/\S+ \S+/);
    expect(names.has('gone-user')).toBe(false);

    const result = await a.data.admin.submissions.saveStatus(first, 'completed');
    expect(result).toEqual({ ok: true, notified: true });
    expect((await adminDb('GET', `/submissions/submission:${first}`)).body).toMatchObject({ status: 'completed' });
    expect((await adminDb('GET', `/${userDbName(m1.userId)}/submission:${first}`)).body).toMatchObject({ status: 'completed' });
    const notes = await adminDb('GET', `/${userDbName(m1.userId)}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"notification:"')}&endkey=${encodeURIComponent('"notification:\ufff0"')}`);
    const docs = (notes.body as { rows: Array<{ doc: Record<string, unknown> }> }).rows.map((r) => r.doc);
    expect(docs).toEqual([expect.objectContaining({ submission_id: first, status: 'completed', form_title: 'Carnival Monday Package' })]);
    const mail = await waitForMail(h.ts.dataDir, m1.email);
    expect(mail.subject).toContain('Carnival Monday Package');
    // The other member's submission is untouched.
    expect((await adminDb('GET', `/submissions/submission:${second}`)).body).toMatchObject({ status: 'pending' });

    // The new status comes back to the member's device through their userdb.
    await waitFor(async () => {
      await m1.c.data.syncNow();
      return (await m1.c.data.submissions.list()).find((s) => s.id === first)?.status === 'completed';
    }, 'the status on the member’s device', 30_000);
  });

  it('a write that fails is reported, not notified', async () => {
    const a = await admin();
    const result = await a.data.admin.submissions.saveStatus('does-not-exist', 'completed');
    expect(result.ok).toBe(false);
  });

  it('a member can read neither `submissions` nor call the notification', async () => {
    const m = await member();
    const find = await fetch(`${h.ts.dbUrl}/submissions/_find`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ selector: {} }),
    });
    expect([401, 403]).toContain(find.status);
    const all = await fetch(`${h.ts.dbUrl}/submissions/_all_docs`, { headers: { authorization: `Bearer ${m.token}` } });
    expect([401, 403]).toContain(all.status);
    const note = await postJson(h.ts.url, '/api/functions/form-status-notification', { submissionId: 'x', status: 'completed' }, { token: m.token });
    expect(note.status).toBe(403);
    // Through the data layer too: the admin repository is refused for a member.
    await expect(m.c.data.admin.submissions.page('any')).rejects.toThrow();
  });

  // ADR 035: on the server, so a closed admin tab cannot leave half of it done.
  it('removing a form deletes its submissions everywhere: submissions, the members\' own copies and their notifications', async () => {
    const a = await admin();
    const form = await saveForm(a, 'ride', 'ridedel1', draft('Doomed Ride Form'));
    const keep = await saveForm(a, 'ride', 'ridekeep1', draft('Kept Ride Form'));
    const m = await member();
    const doomed = await m.c.data.submissions.create(form, { Seats: 1, Extras: [] });
    await m.c.data.submissions.create(form, { Seats: 3, Extras: ['Shirt'] });
    const kept = await m.c.data.submissions.create(keep, { Seats: 5, Extras: [] });
    await waitFor(async () => (await a.data.admin.submissions.all(form.id)).submissions.length === 2 && (await a.data.admin.submissions.all(keep.id)).submissions.length === 1, 'fan-in', 30_000);
    expect(await a.data.admin.submissions.saveStatus(doomed, 'processed')).toEqual({ ok: true, notified: true });
    expect(await a.data.admin.submissions.saveStatus(kept, 'processed')).toEqual({ ok: true, notified: true });
    const userDb = userDbName(m.userId);
    const notifications = async () => {
      const res = await adminDb('GET', `/${userDb}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"notification:"')}&endkey=${encodeURIComponent('"notification:\ufff0"')}`);
      return (res.body as { rows: Array<{ doc: { submission_id: string } }> }).rows.map((r) => r.doc.submission_id);
    };
    expect(await notifications()).toHaveLength(2);

    await a.data.admin.forms.remove(form);
    expect(await a.data.admin.forms.byId(form.id)).toBeNull();
    expect((await adminDb('GET', `/members/form:ride:ridedel1`)).status).toBe(404);
    await waitFor(async () => (await a.data.admin.submissions.all(form.id)).submissions.length === 0, 'the submissions deleted by the server', 30_000);
    await waitFor(async () => (await adminDb('GET', `/${userDb}/submission:${doomed}`)).status === 404, "the member's own copy deleted", 30_000);
    await waitFor(async () => (await notifications()).length === 1, 'its notification deleted', 30_000);
    expect(await notifications()).toEqual([kept]);
    // Another form's submissions stay, everywhere.
    expect((await a.data.admin.submissions.all(keep.id)).submissions.map((s) => s.id)).toEqual([kept]);
    expect((await adminDb('GET', `/${userDb}/submission:${kept}`)).status).toBe(200);
    // The member's device follows: Forms Status no longer lists the deleted form's submissions.
    await waitFor(async () => {
      await m.c.data.syncNow();
      const mine = await m.c.data.submissions.list();
      return mine.length === 1 && mine[0]?.id === kept;
    }, 'the member’s device', 30_000);
  });

  it('a form whose member has since deleted their account is still removed with all its submissions', async () => {
    const a = await admin();
    const form = await saveForm(a, 'package', 'pkggone1', draft('Gone Member Form'));
    const m = await member();
    const sub = await m.c.data.submissions.create(form, { Seats: 2, Extras: [] });
    await waitFor(async () => (await a.data.admin.submissions.all(form.id)).submissions.length === 1, 'fan-in', 30_000);
    const gone = await postJson(h.ts.url, '/api/functions/delete-user', undefined, { token: m.token });
    expect(gone.body).toMatchObject({ success: true });
    expect((await adminDb('GET', `/${userDbName(m.userId)}`)).status).toBe(404);
    expect((await adminDb('GET', `/submissions/submission:${sub}`)).status).toBe(200);

    await a.data.admin.forms.remove(form);
    await waitFor(async () => (await adminDb('GET', `/submissions/submission:${sub}`)).status === 404, 'the submission deleted by the server', 30_000);
  });
});
