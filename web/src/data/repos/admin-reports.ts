// Admins' reports list (issue 13): read from the server's `reports` database, never synced to
// the device (ADR 021, ADR 024). Removing a report marks it dealt with.
import type { ReportDoc } from '../../../../design-docs/src/schemas/report.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, listRange } from './query.ts';
import type { Item } from './query.ts';
import { isNotFound } from '../pouch.ts';

export type AdminReport = Item<ReportDoc>;

export function createAdminReportsRepo(ctx: RepoContext) {
  return {
    /** Every report, newest first. */
    async list(): Promise<AdminReport[]> {
      requireMember(ctx);
      return (await listRange<ReportDoc>(ctx.remote('reports'), 'report:')).sort((a, b) => compareText(b.created_at, a.created_at));
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
