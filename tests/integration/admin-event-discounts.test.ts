// An event's discount codes over the real server (ADR 029): the admin's online
// repository adds, lists (inactive too, this event's only), updates and removes `event_discount`
// documents in `members`; a stale update is a conflict; a member is refused (403) and nothing is
// written. (The access matrix checks the raw documents; this checks the repository the page uses.)
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { signUpClient } from './data-harness.ts';
import type { EventDiscountInput } from '../../web/src/data/repos/admin-event-discounts.ts';

const h = adminHarness();
const { client, admin } = h;

const serverDoc = (id: string) => h.ts.server.ctx.adminCall('GET', `/members/${encodeURIComponent(id)}`);

const input = (over: Partial<EventDiscountInput> = {}): EventDiscountInput => ({
  event_id: 'carnival-fete',
  code: 'FETE10',
  percentage: 10,
  description: 'Early bird',
  valid_from: null,
  valid_until: null,
  active: true,
  ...over,
});

describe('admin event discounts', () => {
  it('the admin adds, lists, updates and removes an event discount code on the server', async () => {
    const a = await admin();
    const repo = a.data.admin.eventDiscounts;
    const code = await repo.add(input());
    await repo.add(input({ event_id: 'another-event', code: 'OTHER' }));
    const off = await repo.add(input({ code: 'OLD5', percentage: 5, active: false }));
    expect((await serverDoc(`event_discount:${code.id}`)).body).toMatchObject({ type: 'event_discount', event_id: 'carnival-fete', code: 'FETE10', percentage: 10 });
    expect((await repo.list('carnival-fete')).map((d) => d.code).sort()).toEqual(['FETE10', 'OLD5']);

    const changed = await repo.update(code, input({ percentage: 25, valid_until: '2031-12-31' }));
    expect((await serverDoc(`event_discount:${code.id}`)).body).toMatchObject({ percentage: 25, valid_until: '2031-12-31', created_at: code.created_at });
    // Saved over a version someone has replaced: a conflict, not an overwrite.
    await expect(repo.update(code, input({ percentage: 30 }))).rejects.toMatchObject({ status: 409 });

    await repo.remove(changed.id);
    await repo.remove(off.id);
    expect((await serverDoc(`event_discount:${code.id}`)).status).toBe(404);
    expect(await repo.list('carnival-fete')).toEqual([]);
  });

  it('a member is refused by the server (403), and nothing is written', async () => {
    const m = await client();
    await signUpClient(m);
    await expect(m.data.admin.eventDiscounts.add(input({ event_id: 'member-try' }))).rejects.toMatchObject({ status: 403 });
    const a = await admin();
    expect(await a.data.admin.eventDiscounts.list('member-try')).toEqual([]);
  });
});
