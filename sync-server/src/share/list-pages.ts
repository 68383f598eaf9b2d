// The lists a link lands on, `/fete-guide`, `/fete-travel`, `/fete-destinations`, `/fete-eats` and
// `/fete-faces`, answered with the app shell plus the static preview of their first cards (ADR 060),
// so a first visit paints the list before any script runs. Each list's documents are read once per
// catalogue change, at most once per LIST_REFRESH_MS, LIST_READ_LIMIT at most (the events and the
// bands through a server-only index in the list's own order, the rest by id), and kept in
// this process like the home page's slides: a crowd of first visits costs no read per request.
// The device's pull then brings the catalogue as it is; the app draws the list from it.
import type { Hono } from 'hono';
import { START_DATE_INDEXES } from '../../../design-docs/src/design-docs.ts';
import type { MangoIndex } from '../../../design-docs/src/design-docs.ts';
import { TRAVEL_CATEGORIES } from '../../../design-docs/src/constants.ts';
import { compareBands, compareProviders, compareRestaurants } from '../../../design-docs/src/rules.ts';
import type { ServerContext } from '../context.ts';
import { htmlAnswer } from '../compression/web-files.ts';
import { cachedBuild } from './cached-build.ts';
import type { CachedBuild } from './cached-build.ts';
import { bandListPreview, providerListPreview, restaurantListPreview } from './catalog-list-html.ts';
import type { ListPreview } from './catalog-list-html.ts';
import { eventListPreview, injectPreview, previewFrame } from './first-screen-html.ts';
import type { LooseDoc } from './meta.ts';
import { BACKEND_TIMEOUT_MS, catalogVersion, readShell, readTypeRange, withTimeout } from './routes.ts';

export const LIST_REFRESH_MS = 30_000;
/** Documents read for a list's preview: a few screens' worth in its order, whatever the catalogue holds. */
export const LIST_READ_LIMIT = 200;
/** Cards a preview shows: a phone's first screen and a laptop's. */
export const LIST_PREVIEW_CARDS = 6;

const TRAVEL: readonly string[] = TRAVEL_CATEGORIES;
const EVENT_FIELDS = ['_id', 'title', 'date', 'end_date', 'start_time', 'end_time', 'price', 'category', 'state', 'country', 'location', 'image_url', 'fete_ride_url', 'active'];
const BAND_FIELDS = ['_id', 'name', 'year', 'start_date', 'end_date', 'location', 'country', 'description', 'image_url', 'website_url', 'instagram_url', 'registration_url', 'active'];

/** What a list's preview is made from: the day (events end), and the documents read for it. */
interface ListRead {
  today: string;
  docs: LooseDoc[];
}

/** A list's read, in its order as far as an index goes. */
type ListSource = (ctx: ServerContext, today: string) => Promise<LooseDoc[]>;

interface ListPage {
  path: string;
  source: 'events' | 'bands' | 'restaurants' | 'providers';
  /** The preview of the page's first cards, or null when the list would be empty. */
  preview: (read: ListRead) => ListPreview | null;
}

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

/** The first active documents of a catalogue list in its order (design-docs/src/rules.ts). */
export function catalogHead(docs: readonly LooseDoc[], compare: (a: LooseDoc, b: LooseDoc) => number, max: number = LIST_PREVIEW_CARDS): LooseDoc[] {
  return docs.filter((d) => d.active === true).sort(compare).slice(0, max);
}

const withCards = (preview: (docs: readonly LooseDoc[]) => ListPreview, docs: readonly LooseDoc[]) => (docs.length > 0 ? preview(docs) : null);

/** Reads up to LIST_READ_LIMIT documents of a type through one of the server's indexes. */
async function readIndexed(ctx: ServerContext, index: MangoIndex, selector: Record<string, unknown>, fields: string[]): Promise<LooseDoc[]> {
  const ans = await ctx.adminCall('POST', '/catalog/_find', {
    selector,
    sort: index.index.fields.map((f) => ({ [f]: 'asc' })),
    use_index: [index.ddoc, index.name],
    fields,
    limit: LIST_READ_LIMIT,
  });
  if (ans.status !== 200) throw new Error(`reading the list ${index.name} answered ${ans.status}`);
  return ((ans.body as { docs?: LooseDoc[] }).docs ?? []).filter((d) => typeof d === 'object' && d !== null);
}

const SOURCES: Record<ListPage['source'], ListSource> = {
  // From two days ago: an event that ended yesterday may still be listed somewhere west.
  events: (ctx, today) => {
    const since = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    return readIndexed(ctx, START_DATE_INDEXES.event, { type: 'event', date: { $gte: since } }, EVENT_FIELDS);
  },
  // Bands without a start date come last in the app's list: a preview starts with the dated ones.
  bands: (ctx) => readIndexed(ctx, START_DATE_INDEXES.band, { type: 'band', start_date: { $gt: '' } }, BAND_FIELDS),
  // No index in these lists' orders (each catalogue index is built over every document at each
  // start, which the abuse tests' memory bound measured): their first LIST_READ_LIMIT by id,
  // sorted by the rule. Exact while a list has no more than that; past it, the first cards of
  // those, and the app's own list then starts where its order says.
  restaurants: (ctx) => readTypeRange(ctx, 'restaurant', LIST_READ_LIMIT),
  providers: (ctx) => readTypeRange(ctx, 'provider', LIST_READ_LIMIT),
};

export const LIST_PAGES: readonly ListPage[] = [
  { path: '/fete-guide', source: 'events', preview: (r) => withCards((d) => eventListPreview({ title: 'Fete Guide', viewToggle: true }, d), listHead(r.docs, false, r.today)) },
  { path: '/fete-travel', source: 'events', preview: (r) => withCards((d) => eventListPreview({ title: 'Fete Destinations', viewToggle: false }, d), listHead(r.docs, true, r.today)) },
  { path: '/fete-destinations', source: 'bands', preview: (r) => withCards(bandListPreview, catalogHead(r.docs, compareBands)) },
  { path: '/fete-eats', source: 'restaurants', preview: (r) => withCards(restaurantListPreview, catalogHead(r.docs, compareRestaurants)) },
  { path: '/fete-faces', source: 'providers', preview: (r) => withCards(providerListPreview, catalogHead(r.docs, compareProviders)) },
];

export function mountListPages(app: Hono, ctx: ServerContext): void {
  const reads = new Map<ListPage['source'], CachedBuild<ListRead>>();
  for (const [name, read] of Object.entries(SOURCES) as Array<[ListPage['source'], ListSource]>) {
    reads.set(
      name,
      cachedBuild<ListRead>({
        // A new day changes a list of events as much as a write does.
        version: async () => `${new Date().toISOString().slice(0, 10)} ${(await catalogVersion(ctx)) ?? ''}`,
        build: async () => {
          const today = new Date().toISOString().slice(0, 10);
          return { today, docs: await read(ctx, today) };
        },
        minAgeMs: LIST_REFRESH_MS,
        onStaleError: (err) => ctx.log('warn', `list pages: reading the ${name} failed; the last ones are served`, { error: err instanceof Error ? err.message : String(err) }),
      }),
    );
  }
  for (const page of LIST_PAGES) {
    const read = reads.get(page.source) as CachedBuild<ListRead>;
    // The last page made, for the shell and the read it was made from.
    let made: { shell: string; from: ListRead; html: string } | null = null;
    app.get(page.path, async (c, next) => {
      // A search or a filter in the query: the app's own list, not the first cards.
      if (new URL(c.req.url).search !== '') return next();
      const shell = await readShell(ctx.config.webDist);
      if (shell === null) return next();
      c.header('Cache-Control', 'no-cache');
      let from: ListRead;
      try {
        from = await withTimeout(read.get(), BACKEND_TIMEOUT_MS);
      } catch (err) {
        ctx.log('warn', 'list pages: the list is unavailable', { path: page.path, error: err instanceof Error ? err.message : String(err) });
        return htmlAnswer(c, shell, 200);
      }
      if (made?.shell !== shell || made.from !== from) {
        // No cards to show: the app's own empty list; the page is the shell.
        const preview = page.preview(from);
        made = { shell, from, html: preview ? injectPreview(shell, previewFrame(preview.html, preview.images, 'first-card')) : shell };
      }
      return htmlAnswer(c, made.html, 200);
    });
  }
}
