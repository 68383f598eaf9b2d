// Manage Events over the real server: the admin catalog repository adds (organizer the admin),
// lists inactive ones too, updates the whole record (a stale version is a conflict), and removes
// the event with its featured entry; a member is refused by the catalog's validator.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { signUpClient } from './data-harness.ts';
import { checkEventDraft, newEventDraft } from '../../web/src/screens/admin/events/event-admin-logic.ts';
import type { EventInput } from '../../web/src/screens/admin/events/event-admin-logic.ts';

const h = adminHarness();
const { client, admin } = h;

const serverDoc = (id: string) => h.ts.server.ctx.adminCall('GET', `/catalog/${encodeURIComponent(id)}`);

/** An event as the screen's check makes it from the add form. */
function eventInput(over: Partial<ReturnType<typeof newEventDraft>> = {}): EventInput {
  const checked = checkEventDraft({ ...newEventDraft(), title: 'Sunrise Fete', date: '2031-02-01', location: 'Queen’s Park', ...over });
  if (!checked.ok) throw new Error(checked.message);
  return checked.data;
}

describe('admin catalog repository (events)', () => {
  it('the admin adds, lists inactive ones too, updates and removes, on the server', async () => {
    const a = await admin();
    const me = { id: a.data.session.getSnapshot().user!.id };
    const repo = a.data.admin.events;
    const added = await repo.add({ ...eventInput({ active: false }), organizer_id: me.id });
    expect(added).toMatchObject({ title: 'Sunrise Fete', start_time: '18:00', end_time: '23:00', country: 'Trinidad', state: 'Port of Spain', category: 'Party', price: 0, active: false, organizer_id: me.id });
    expect((await serverDoc(added._id)).status).toBe(200);
    expect((await repo.list()).some((e) => e.id === added.id)).toBe(true);

    const updated = await repo.update(added, { ...eventInput({ title: 'Sunrise Fete (moved)', active: true }), organizer_id: added.organizer_id });
    const stored = (await serverDoc(added._id)).body as Record<string, unknown>;
    expect(stored).toMatchObject({ title: 'Sunrise Fete (moved)', active: true, organizer_id: me.id, created_at: added.created_at });

    // A second admin's save over the version the first one edited is refused, not overwritten.
    await expect(repo.update(added, { ...eventInput({ title: 'Stale' }), organizer_id: me.id })).rejects.toMatchObject({ status: 409 });

    await a.data.featured.toggle('event', updated.id);
    expect((await serverDoc(`featured:event:${updated.id}`)).status).toBe(200);
    await repo.remove(updated.id);
    expect((await serverDoc(added._id)).status).toBe(404);
    expect((await serverDoc(`featured:event:${updated.id}`)).status).toBe(404);
  });

  it('a member may not change, remove or add an event as an admin would', async () => {
    const a = await admin();
    const me = { id: a.data.session.getSnapshot().user!.id };
    const event = await a.data.admin.events.add({ ...eventInput(), organizer_id: me.id });

    const m = await client();
    await signUpClient(m);
    await expect(m.data.admin.events.update(event, { ...eventInput({ title: 'Hijacked' }), organizer_id: event.organizer_id })).rejects.toMatchObject({ status: 403 });
    await expect(m.data.admin.events.remove(event.id)).rejects.toMatchObject({ status: 403 });
    // A member's own event must be active and theirs (Create Event); an admin's add is refused.
    await expect(m.data.admin.events.add({ ...eventInput({ active: false }), organizer_id: me.id })).rejects.toMatchObject({ status: 403 });
    const stored = (await serverDoc(event._id)).body as Record<string, unknown>;
    expect(stored.title).toBe('Sunrise Fete');
  });
});
