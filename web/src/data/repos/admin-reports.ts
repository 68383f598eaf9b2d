// Admins' reports list: read from the server's `reports` database, never synced to
// the device (ADR 021, ADR 024). Removing a report marks it dealt with.
import type { ReportDoc } from '../../../../design-docs/src/schemas/report.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { toItem } from './query.ts';
import type { Item } from './query.ts';
import { isNotFound } from '../pouch.ts';
import { serverError } from './admin-find.ts';

export type AdminReport = Item<ReportDoc>;

/** Reports a page asks for: the screen shows the newest, then more on request (ADR 038). */
export const REPORTS_PAGE = 50;

export interface ReportsPage {
  reports: AdminReport[];
  /** More reports are older than the last of these. */
  more: boolean;
}

export function createAdminReportsRepo(ctx: RepoContext) {
  return {
    /**
     * The newest reports, or those after `after` (the last ones shown): one indexed query on the
     * server, never the whole database. Reports of the same moment as the last one shown are
     * asked again and dropped here, so none falls between two pages.
     */
    async page(after?: readonly AdminReport[], limit = REPORTS_PAGE): Promise<ReportsPage> {
      requireMember(ctx);
      const last = after?.[after.length - 1];
      const seen = new Set((after ?? []).filter((r) => r.created_at === last?.created_at).map((r) => r._id));
      const res = await ctx.api('/db/reports/_find', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          selector: { created_at: last ? { $lte: last.created_at } : { $gt: null } },
          sort: [{ created_at: 'desc' }],
          limit: limit + seen.size + 1,
        }),
      });
      if (!res.ok) throw await serverError(res);
      const docs = ((await res.json()) as { docs: ReportDoc[] }).docs.filter((d) => !seen.has(d._id));
      return { reports: docs.slice(0, limit).map((d) => toItem(d)), more: docs.length > limit };
    },

    /** Resolves a report; a report already removed is fine. */
    async remove(id: string): Promise<void> {
      requireMember(ctx);
      const db = ctx.remote('reports');
      const docId = id.startsWith('report:') ? id : `report:${id}`;
      try {
        const doc = await db.get(docId);
        await db.remove(doc._id, doc._rev);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
