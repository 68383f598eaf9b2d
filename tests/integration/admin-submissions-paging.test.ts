// ADR 038: Form Submissions read a form's whole list into the browser. The server now
// answers a page at a time, newest first, and searches there with the screen's rule (names
// and answers): every submission is reached exactly once, moments shared at a page boundary
// included; a search reads at most SCAN_LIMIT submissions per page; only admins may ask.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import { makeProfile, makeSubmission } from '../fixtures/index.ts';
import { signUp } from './helpers/accounts.ts';

const h = adminHarness({ email: 'subs-admin@fete.test', password: 'subs-admin-pass-1' });
const FORM = 'paging-form-0001';
const USERS = ['b1000000000000000000000000000001', 'b2000000000000000000000000000002', 'b3000000000000000000000000000003'];

async function seed(n: number, formid = FORM): Promise<string[]> {
  const profiles = [
    makeProfile({ user_id: USERS[0], first_name: 'Keisha', last_name: 'Baptiste' }),
    makeProfile({ user_id: USERS[1], first_name: 'Marcus', last_name: 'Lee' }),
    // USERS[2] has no profile: a deleted account, shown and searched as Unknown User.
  ];
  await h.ts.server.ctx.adminCall('POST', '/members/_bulk_docs', { docs: profiles });
  const docs = Array.from({ length: n }, (_, i) => {
    // Every seventh shares its moment with the one before: pages may end inside such a pair.
    const second = i - (i % 7 === 6 ? 1 : 0);
    return makeSubmission({
      formid,
      userid: USERS[i % 3] as string,
      createdat: new Date(Date.UTC(2026, 10, 1, 0, 0, second)).toISOString(),
      data: { Seats: i, Notes: i % 10 === 0 ? `Window seat ${i}` : `aisle ${i}` },
      status: 'pending',
    });
  });
  const res = await h.ts.server.ctx.adminCall('POST', '/submissions/_bulk_docs', { docs });
  expect((res.body as { error?: string }[]).filter((r) => r.error)).toEqual([]);
  return docs.map((d) => d.id);
}

describe('a form\'s submissions, a page at a time', () => {
  it('pages through 230 newest first, each once, with the submitters\' names', async () => {
    const ids = await seed(230);
    const a = await h.admin();
    const seen: { id: string; createdat: string }[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await a.data.admin.submissions.page(FORM, { cursor, limit: 100 });
      sizes.push(page.submissions.length);
      seen.push(...page.submissions);
      if (page.submissions.some((s) => s.userid === USERS[0])) expect(page.names.get(USERS[0] as string)).toBe('Keisha Baptiste');
      expect(page.names.has(USERS[2] as string)).toBe(false);
      cursor = page.next;
    } while (cursor);
    expect(sizes.slice(0, 3)).toEqual([100, 100, 30]);
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set(ids));
    expect(seen).toHaveLength(230);
    const times = seen.map((s) => s.createdat);
    expect([...times].sort().reverse()).toEqual(times);
    // Export's whole list is the same, page after page.
    expect((await a.data.admin.submissions.all(FORM)).submissions.map((s) => s.id)).toEqual(seen.map((s) => s.id));
  });

  it('searches on the server: answers, names and Unknown User, case-insensitive', async () => {
    const a = await h.admin();
    const ids = async (q: string) => {
      const out: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await a.data.admin.submissions.page(FORM, { q, cursor, limit: 10 });
        out.push(...page.submissions.map((s) => s.id));
        cursor = page.next;
      } while (cursor);
      return out;
    };
    expect(await ids('WINDOW SEAT')).toHaveLength(23);
    expect(await ids('keisha bap')).toHaveLength(77);
    expect(await ids('unknown user')).toHaveLength(76);
    expect(await ids('nobody here')).toEqual([]);
  });

  it('refuses visitors, members, bad cursors and oversized pages', async () => {
    const base = `${h.ts.url}/api/admin/forms/${FORM}/submissions`;
    expect((await fetch(base)).status).toBe(401);
    const member = await h.client();
    const m = await signUp(h.ts.url);
    await member.data.signIn(m.email, m.password);
    await expect(member.data.admin.submissions.page(FORM)).rejects.toThrow();
    // The server's own refusal, in words about this route (not the users routes').
    const refused = await member.data.fetch(base);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'forbidden', message: 'Only admins can read form submissions' });
    const a = await h.admin();
    await expect(a.data.admin.submissions.page(FORM, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toThrow(/not a page of this list/);
    await expect(a.data.admin.submissions.page(FORM, { limit: 501 })).rejects.toThrow(/At most 500/);
  });
});
