// GET|POST /{db}/_changes, feeds normal and longpoll. A longpoll with `heartbeat` streams a
// newline every `heartbeat` ms until its JSON answer, so proxies keep the connection open.
import { longpoll, type FeedQuery } from './changes.ts';
import type { DbCtx } from './context.ts';
import { JSON_HEADERS, badRequest, methodNotAllowed } from './errors.ts';
import { ReadBudget, streamJson } from './json-stream.ts';
import { isPlainObject, isStringArray, readOptionalJsonObject } from './params.ts';
import { MAX_CHANGES_ROWS, MAX_KEYS_PER_REQUEST, READ_BUDGET_BYTES, READ_BUDGET_MS, READ_PAGE_ROWS } from './limits.ts';
import type { ChangeRow, ChangesResult } from './pouch.ts';
import { checkSelector } from './selector-rules.ts';

export const MAX_TIMEOUT_MS = 60_000;
const MIN_HEARTBEAT_MS = 50;

export async function changesRoute(c: DbCtx): Promise<Response> {
  if (c.method !== 'GET' && c.method !== 'POST') throw methodNotAllowed('GET,HEAD,POST');
  const q = c.query;
  const feed = q.string('feed') ?? 'normal';
  if (feed !== 'normal' && feed !== 'longpoll') {
    throw badRequest(`feed=${feed} is not supported; use feed=longpoll`);
  }
  const body = c.method === 'POST' ? await readOptionalJsonObject(c.req, c.s.maxBodyBytes) : {};

  const sinceRaw = q.string('since') ?? '0';
  let since: number | 'now';
  if (sinceRaw === 'now') since = 'now';
  else if (/^\d+$/.test(sinceRaw)) since = Number(sinceRaw);
  else throw badRequest('`since` must be a sequence number or "now"');

  const style = q.string('style') ?? 'main_only';
  if (style !== 'main_only' && style !== 'all_docs') throw badRequest('`style` must be main_only or all_docs');
  const fq: FeedQuery = { style };
  // A feed answers at most MAX_CHANGES_ROWS rows; the client goes on from last_seq, as it
  // does after any limited answer.
  fq.limit = Math.min(q.int('limit', 0) ?? MAX_CHANGES_ROWS, MAX_CHANGES_ROWS);
  for (const flag of ['include_docs', 'conflicts', 'descending'] as const) {
    const v = q.bool(flag);
    if (v !== undefined) fq[flag] = v;
  }

  const filter = q.string('filter');
  if (filter === '_selector') {
    if (!isPlainObject(body.selector)) throw badRequest('Selector must be specified in POST payload');
    checkSelector(body.selector);
    fq.selector = body.selector;
  } else if (filter === '_doc_ids') {
    const ids = body.doc_ids ?? q.json('doc_ids');
    if (!isStringArray(ids)) throw badRequest('`doc_ids` must be an array of strings');
    if (ids.length > MAX_KEYS_PER_REQUEST) throw badRequest(`\`doc_ids\` may hold at most ${MAX_KEYS_PER_REQUEST} ids`);
    fq.doc_ids = ids;
  } else if (filter !== undefined) {
    throw badRequest(`Unsupported filter \`${filter}\`; use _selector or _doc_ids`);
  }

  const timeout = Math.min(q.int('timeout', 0) ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
  const hbRaw = q.string('heartbeat');
  const heartbeat =
    hbRaw === undefined || hbRaw === 'false'
      ? 0
      : hbRaw === 'true'
        ? MAX_TIMEOUT_MS
        : // Past 2^31 - 1 ms Node fires an interval every millisecond: the ceiling keeps it sane.
          Math.min(Math.max(q.int('heartbeat', 0) ?? 0, MIN_HEARTBEAT_MS), MAX_TIMEOUT_MS);

  const hub = c.h.hub;
  const start = since === 'now' ? await hub.currentSeq() : since;
  const waitMs = feed === 'longpoll' && !fq.descending ? timeout : null;
  if (waitMs !== null && !heartbeat) {
    // A parked longpoll, woken: its answer is most often one short page that every feed woken
    // with it shares, so it is made once and answered whole, without a stream per feed (ADR 041).
    const ask = Math.min(READ_PAGE_ROWS, fq.limit ?? MAX_CHANGES_ROWS);
    const first = await longpoll(hub, start, { ...fq, limit: ask }, waitMs, c.signal);
    const whole = wholeAnswer(first, start, ask, fq.limit ?? MAX_CHANGES_ROWS, c.hideDesignRows === true);
    if (whole !== null) return new Response(whole, { status: 200, headers: JSON_HEADERS });
    return streamJson(c, (signal) => changesPieces(c, start, fq, waitMs, signal, first));
  }
  return streamJson(c, (signal) => changesPieces(c, start, fq, waitMs, signal), waitMs !== null && heartbeat ? { heartbeatMs: heartbeat } : {});
}

// The pieces of a feed's text, shared by the whole answer and the stream so the two agree.
const OPEN = '{"results":[';
const rowPiece = (sent: number, row: ChangeRow) => (sent === 0 ? '\n' : ',\n') + rowJson(row);
const closePiece = (cursor: number) => `\n],"last_seq":${JSON.stringify(cursor)}}\n`;

/** Whole answers by page and by what the reader asked: `${start}|${hidden}`. */
const wholeTexts = new WeakMap<ChangesResult, Map<string, string | null>>();

/**
 * The answer when `page` is all of it: the same text `changesPieces` writes, or null when more
 * pages may follow or it is past the byte budget (then it is streamed). Feeds woken by one write
 * share the page object (changes.ts), so a crowd of them costs one string.
 */
function wholeAnswer(page: ChangesResult, start: number, ask: number, limit: number, hide: boolean): string | null {
  if (page.results.length >= ask && limit > page.results.length) return null;
  const key = `${start}|${hide}`;
  let byReader = wholeTexts.get(page);
  if (byReader === undefined) {
    byReader = new Map();
    wholeTexts.set(page, byReader);
  }
  const known = byReader.get(key);
  if (known !== undefined) return known;
  let cursor = start;
  let text = OPEN;
  let sent = 0;
  for (const row of page.results) {
    cursor = row.seq;
    if (hide && row.id.startsWith('_design/')) continue;
    text += rowPiece(sent++, row);
  }
  text += closePiece(Math.max(cursor, page.last_seq));
  const whole = sent <= 1 || Buffer.byteLength(text) <= READ_BUDGET_BYTES ? text : null;
  byReader.set(key, whole);
  return whole;
}

/**
 * A row's JSON, made once: the parked longpolls woken by one write share one query (changes.ts),
 * so its rows are the same objects for every feed, and a crowd of feeds costs one stringify.
 */
const rowTexts = new WeakMap<ChangeRow, string>();
function rowJson(row: ChangeRow): string {
  let text = rowTexts.get(row);
  if (text === undefined) {
    text = JSON.stringify(row);
    rowTexts.set(row, text);
  }
  return text;
}

/**
 * The feed, a page at a time from `start` (after a longpoll's wait when `waitMs` is set). Past the
 * byte or time budget it ends at the last row written: `last_seq` is that row's, and the client
 * goes on from there as after any limited answer.
 */
async function* changesPieces(
  c: DbCtx,
  start: number,
  fq: FeedQuery,
  waitMs: number | null,
  signal: AbortSignal,
  firstPage?: ChangesResult,
): AsyncGenerator<string, void, undefined> {
  const hub = c.h.hub;
  const budget = new ReadBudget(READ_BUDGET_BYTES, READ_BUDGET_MS);
  let left = fq.limit ?? MAX_CHANGES_ROWS;
  // Sequences cannot be followed backwards: a descending feed is one read, kept to a page when it carries documents.
  let ask = fq.descending ? (fq.include_docs ? Math.min(left, READ_PAGE_ROWS) : left) : Math.min(READ_PAGE_ROWS, left);
  let page: ChangesResult =
    firstPage ?? (waitMs === null ? await hub.query(start, { ...fq, limit: ask }) : await longpoll(hub, start, { ...fq, limit: ask }, waitMs, signal));
  let cursor = start;
  let sent = 0;
  yield OPEN;
  for (;;) {
    for (const row of page.results) {
      if (c.hideDesignRows && row.id.startsWith('_design/')) {
        // Counted as read, as when the gateway drops it from the bytes: the same rows, the same last_seq.
        left--;
        cursor = row.seq;
        continue;
      }
      const text = rowPiece(sent, row);
      if (!budget.fits(text, sent)) {
        yield closePiece(cursor);
        return;
      }
      budget.spend(text);
      sent++;
      left--;
      cursor = row.seq;
      yield text;
    }
    if (!fq.descending) cursor = Math.max(cursor, page.last_seq);
    else cursor = page.last_seq;
    if (fq.descending || page.results.length < ask || left <= 0) break;
    ask = Math.min(READ_PAGE_ROWS, left);
    page = await hub.query(cursor, { ...fq, limit: ask });
  }
  yield closePiece(cursor);
}
