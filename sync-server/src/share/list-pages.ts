// Fete Guide and Fete Travel, `/fete-guide` and `/fete-travel`, answered with the app shell plus
// the static preview of their first cards (ADR 060), so a first visit paints the list before any
// script runs. The events are read once per catalogue change, at most once per LIST_REFRESH_MS,
// through the server's (type, date, _id) index from yesterday on, LIST_READ_LIMIT at most, and kept
// in this process like the home page's slides: a crowd of first visits costs no read per request.
// The device's pull then brings the catalogue as it is; the app draws the list from it.
import type { Hono } from 'hono';
import { START_DATE_INDEXES } from '../../../design-docs/src/design-docs.ts';
import { TRAVEL_CATEGORIES } from '../../../design-docs/src/constants.ts';
import type { ServerContext } from '../context.ts';
import { htmlAnswer } from '../compression/web-files.ts';
import { cachedBuild } from './cached-build.ts';
import { eventListPreview, injectPreview, previewFrame } from './first-screen-html.ts';
import type { EventListPage } from './first-screen-html.ts';
import type { LooseDoc } from './meta.ts';
import { BACKEND_TIMEOUT_MS, catalogVersion, readShell, withTimeout } from './routes.ts';

export const LIST_REFRESH_MS = 30_000;
/** Events read for the previews: a few screens' worth of the soonest, whatever the catalogue holds. */
export const LIST_READ_LIMIT = 200;
/** Cards a preview shows: a phone's first screen and a laptop's. */
export const LIST_PREVIEW_CARDS = 6;

const TRAVEL: readonly string[] = TRAVEL_CATEGORIES;
const FIELDS = ['_id', 'title', 'date', 'end_date', 'start_time', 'end_time', 'price', 'category', 'state', 'country', 'location', 'image_url', 'fete_ride_url', 'active'];

export interface ListPage extends EventListPage {
  path: string;
  travel: boolean;
}

export const LIST_PAGES: readonly ListPage[] = [
  { path: '/fete-guide', title: 'Fete Guide', viewToggle: true, travel: false },
  { path: '/fete-travel', title: 'Fete Destinations', viewToggle: false, travel: true },
];

function text(d: LooseDoc, key: string): string {
  return typeof d[key] === 'string' ? (d[key] as string) : '';
}

/**
 * The list's first events as the app orders them (active, not over, by date then start time):
 * an event whose last day is before yesterday (UTC) is over wherever the visitor is. One that ended
 * yesterday may still be listed somewhere west; the app's own list follows the device's day.
 */
export function listHead(events: readonly LooseDoc[], travel: boolean, today: string, max: number = LIST_PREVIEW_CARDS): LooseDoc[] {
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return events
    .filter((e) => e.active === true && TRAVEL.includes(text(e, 'category')) === travel)
    .filter((e) => {
      const date = text(e, 'date');
      const end = text(e, 'end_date') > date ? text(e, 'end_date') : date;
      return date !== '' && end >= yesterday;
    })
    .sort((a, b) => (text(a, 'date') < text(b, 'date') ? -1 : text(a, 'date') > text(b, 'date') ? 1 : text(a, 'start_time') < text(b, 'start_time') ? -1 : text(a, 'start_time') > text(b, 'start_time') ? 1 : 0))
    .slice(0, max);
}

async function readSoonest(ctx: ServerContext, today: string): Promise<LooseDoc[]> {
  const index = START_DATE_INDEXES.event;
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  const ans = await ctx.adminCall('POST', '/catalog/_find', {
    selector: { type: 'event', date: { $gte: since } },
    sort: [{ type: 'asc' }, { date: 'asc' }, { _id: 'asc' }],
    use_index: [index.ddoc, index.name],
    fields: FIELDS,
    limit: LIST_READ_LIMIT,
  });
  if (ans.status !== 200) throw new Error(`reading the soonest events answered ${ans.status}`);
  return ((ans.body as { docs?: LooseDoc[] }).docs ?? []).filter((d) => typeof d === 'object' && d !== null);
}

export function mountListPages(app: Hono, ctx: ServerContext): void {
  const soonest = cachedBuild<{ today: string; events: LooseDoc[] }>({
    // A new day changes the list as much as a write does.
    version: async () => `${new Date().toISOString().slice(0, 10)} ${(await catalogVersion(ctx)) ?? ''}`,
    build: async () => {
      const today = new Date().toISOString().slice(0, 10);
      return { today, events: await readSoonest(ctx, today) };
    },
    minAgeMs: LIST_REFRESH_MS,
    onStaleError: (err) => ctx.log('warn', 'list pages: reading the events failed; the last ones are served', { error: err instanceof Error ? err.message : String(err) }),
  });
  for (const page of LIST_PAGES) {
    // The last page made, for the shell and the events it was made from.
    let made: { shell: string; from: unknown; html: string } | null = null;
    app.get(page.path, async (c, next) => {
      // A search or a filter in the query: the app's own list, not the first cards.
      if (new URL(c.req.url).search !== '') return next();
      const shell = await readShell(ctx.config.webDist);
      if (shell === null) return next();
      c.header('Cache-Control', 'no-cache');
      let read: { today: string; events: LooseDoc[] };
      try {
        read = await withTimeout(soonest.get(), BACKEND_TIMEOUT_MS);
      } catch (err) {
        ctx.log('warn', 'list pages: events unavailable', { path: page.path, error: err instanceof Error ? err.message : String(err) });
        return htmlAnswer(c, shell, 200);
      }
      if (made?.shell !== shell || made.from !== read) {
        const head = listHead(read.events, page.travel, read.today);
        // No cards to show: the app's own empty list; the page is the shell.
        const preview = head.length > 0 ? eventListPreview(page, head) : null;
        made = { shell, from: read, html: preview ? injectPreview(shell, previewFrame(preview.html, preview.images, 'first-card')) : shell };
      }
      return htmlAnswer(c, made.html, 200);
    });
  }
}
