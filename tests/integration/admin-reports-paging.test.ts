// ADR 038: the admin Reports screen read every report at once (25,001 rows, 112 MB).
// It now reads one page at a time from the server, newest first, through an index: every report
// is reached exactly once, reports of the same moment included, and no page reads the whole
// database.
import { describe, expect, it } from 'vitest';
import { adminHarness } from './admin-harness.ts';
import type { AdminReport } from '../../web/src/data/repos/admin-reports.ts';

const h = adminHarness({ email: 'reports-admin@fete.test', password: 'reports-admin-pass-1' });

function report(n: number, at: string) {
  return {
    _id: `report:pg${n}`, type: 'report', id: `pg${n}`, reporter_id: 'u1', message_id: `message:${at}:m${n}`, message_sender_id: 'u2',
    message_content: `message ${n}`, message_is_public: true, reason: 'Spam', details: null, created_at: at,
  };
}

describe('admin reports, a page at a time', () => {
  it('pages through 120 reports newest first, each once, ties at a page boundary included', async () => {
    const docs = Array.from({ length: 120 }, (_, n) => {
      // Every fifth report shares its moment with the one before: pages may end inside such a pair.
      const second = n - (n % 5 === 4 ? 1 : 0);
      return report(n, new Date(Date.UTC(2026, 10, 1, 0, 0, second)).toISOString());
    });
    const res = await h.ts.server.ctx.adminCall('POST', '/reports/_bulk_docs', { docs });
    expect((res.body as unknown[]).length).toBe(120);

    const a = await h.admin();
    const seen: AdminReport[] = [];
    const pages: number[] = [];
    for (let more = true; more; ) {
      const page = await a.data.admin.reports.page(seen, 50);
      pages.push(page.reports.length);
      seen.push(...page.reports);
      more = page.more;
    }
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen.map((r) => r._id)).size).toBe(120);
    const times = seen.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
