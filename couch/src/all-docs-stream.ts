// `_all_docs`, read a page at a time and written as it is read (ADR 037). A range goes
// on from the last id with `skip: 1` (ids are unique, so that is exact); `keys` are read in
// slices. Past the byte or time budget the answer ends as valid JSON with `next`: the options
// that continue it (`startkey` and `skip`, or the `keys` not yet answered).
import type { DbCtx } from './context.ts';
import { READ_BUDGET_BYTES, READ_BUDGET_MS, READ_PAGE_ROWS } from './limits.ts';
import { ReadBudget } from './json-stream.ts';
import type { AllDocsResult, AllDocsRow } from './pouch.ts';

export interface AllDocsQuery {
  startkey?: string;
  endkey?: string;
  key?: string;
  keys?: string[];
  include_docs?: boolean;
  descending?: boolean;
  inclusive_end?: boolean;
  conflicts?: boolean;
  update_seq?: boolean;
  limit?: number;
  skip?: number;
}

function head(res: AllDocsResult & { update_seq?: unknown }, q: AllDocsQuery): string {
  const seq = q.update_seq && res.update_seq !== undefined ? `,"update_seq":${JSON.stringify(res.update_seq)}` : '';
  return `{"total_rows":${res.total_rows},"offset":${res.offset ?? 0}${seq},"rows":[`;
}

function tail(next: Record<string, unknown> | null): string {
  return next ? `\n],"next":${JSON.stringify(next)}}\n` : '\n]}\n';
}

export async function* allDocsPieces(c: DbCtx, q: AllDocsQuery): AsyncGenerator<string, void, undefined> {
  const budget = new ReadBudget(READ_BUDGET_BYTES, READ_BUDGET_MS);
  const base: Record<string, unknown> = {};
  for (const k of ['include_docs', 'conflicts', 'update_seq'] as const) if (q[k] !== undefined) base[k] = q[k];
  let sent = 0;
  const row = (r: AllDocsRow) => (sent === 0 ? '\n' : ',\n') + JSON.stringify(r);

  if (q.keys) {
    const keys = q.keys.slice(q.skip ?? 0, q.limit === undefined ? undefined : (q.skip ?? 0) + q.limit);
    let opened = false;
    for (let i = 0; i < keys.length || !opened; i += READ_PAGE_ROWS) {
      const res = await c.h.pouch.allDocs({ ...base, keys: keys.slice(i, i + READ_PAGE_ROWS), ...(q.descending ? { descending: true } : {}) });
      if (!opened) {
        opened = true;
        yield head(res, q);
      }
      for (let j = 0; j < res.rows.length; j++) {
        const text = row(res.rows[j] as AllDocsRow);
        if (!budget.fits(text, sent)) {
          yield tail({ keys: keys.slice(i + j) });
          return;
        }
        budget.spend(text);
        sent++;
        yield text;
      }
    }
    yield tail(null);
    return;
  }

  const range: Record<string, unknown> = { ...base };
  for (const k of ['startkey', 'endkey', 'key', 'descending', 'inclusive_end'] as const) if (q[k] !== undefined) range[k] = q[k];
  let left = q.limit ?? Infinity;
  let skip = q.skip ?? 0;
  let opened = false;
  for (;;) {
    const ask = Math.min(READ_PAGE_ROWS, left);
    const res = await c.h.pouch.allDocs({ ...range, limit: ask, ...(skip ? { skip } : {}) });
    if (!opened) {
      opened = true;
      yield head(res, q);
    }
    for (const r of res.rows) {
      const text = row(r);
      if (!budget.fits(text, sent)) {
        yield tail({ startkey: r.id, ...(q.limit === undefined ? {} : { limit: left }) });
        return;
      }
      budget.spend(text);
      sent++;
      left--;
      yield text;
    }
    const last = res.rows[res.rows.length - 1];
    if (res.rows.length < ask || left <= 0 || last === undefined || q.key !== undefined) break;
    // Go on after the last id read; `skip` was spent on the first page.
    delete range.key;
    range.startkey = last.id;
    skip = 1;
  }
  yield tail(null);
}
