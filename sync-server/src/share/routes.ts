// The routes of ADR 009: item pages answered with the app shell plus a share card, and
// /sitemap.xml and /robots.txt. The pure parts are meta.ts and sitemap.ts.
import type { Context, Hono } from 'hono';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { docId, rangeOf } from '../../../design-docs/src/ids.ts';
import type { DocType } from '../../../design-docs/src/ids.ts';
import type { ServerContext } from '../context.ts';
import type { LooseDoc, ShareType } from './meta.ts';
import { SHARE_KINDS, buildShareCard, injectShareCard } from './meta.ts';
import { isShareable, renderRobots, renderSitemap, sitemapEntries, type SitemapEntry } from './sitemap.ts';
import { cachedBuild } from './cached-build.ts';
import { injectFirstScreen, itemFirstScreen } from './first-docs.ts';
import { chooseCoding } from '../compression/accept-encoding.ts';
import { htmlAnswer } from '../compression/web-files.ts';

/** A slow backend must not hold a crawler (or a person) on a blank page. */
export const BACKEND_TIMEOUT_MS = 3000;
/** The sitemap is built again from the catalogue at most this often, and only when it changed (ADR 053). */
export const SITEMAP_REFRESH_MS = 60_000;
/** Item page paths that are screens of their own, not items. */
const RESERVED_IDS: Record<string, readonly string[]> = { events: ['create'] };
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

class Timeout extends Error {}

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/**
 * The origin links are built on (ADR 009): PUBLIC_URL when set; behind our own
 * proxy (TRUST_PROXY) the origin it forwards; otherwise the server's own address. The request's
 * Host header is never believed on its own: anyone can send `Host: evil.example`, and these
 * links end up in caches and search engines.
 */
export function publicOrigin(c: Context, ctx: ServerContext): string {
  const { config } = ctx;
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (config.TRUST_PROXY) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() ?? '';
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() ?? '';
    if ((proto === 'http' || proto === 'https') && HOST.test(host)) return `${proto}://${host}`;
  }
  return config.publicUrl.replace(/\/+$/, '');
}

/** Public caching only for links built on a configured origin. */
function seoCacheControl(ctx: ServerContext): string {
  return ctx.config.PUBLIC_URL ? 'public, max-age=3600' : 'no-store';
}

export async function readShell(webDist: string): Promise<string | null> {
  try {
    return await readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/** Up to `limit` catalogue documents of a type, by id: a bounded read whatever the catalogue holds. */
export async function readTypeRange(ctx: ServerContext, type: DocType, limit: number): Promise<LooseDoc[]> {
  const res = await ctx.backend.db('catalog').allDocs({ ...rangeOf(type), include_docs: true, limit });
  return res.rows.map((r) => (r as { doc?: unknown }).doc as LooseDoc | undefined).filter((d): d is LooseDoc => typeof d === 'object' && d !== null);
}

type Lookup = { found: true; doc: LooseDoc } | { found: false } | { failed: true };

async function lookUp(ctx: ServerContext, type: ShareType, id: string): Promise<Lookup> {
  try {
    const doc = (await withTimeout(ctx.backend.db('catalog').get(docId(type, id)), BACKEND_TIMEOUT_MS)) as unknown as LooseDoc;
    return isShareable(type, doc) ? { found: true, doc } : { found: false };
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    if (status === 404) return { found: false };
    ctx.log('warn', 'share card: catalog read failed', { type, id, error: err instanceof Error ? err.message : String(err) });
    return { failed: true };
  }
}

/**
 * `/events/{id}`, `/bands/{id}`, `/restaurants/{id}`, `/fete-faces/{id}`: the app shell with the
 * item's card; 404 with the plain shell when it is missing or inactive; the plain shell (200)
 * when the backend fails. Without a built shell they step aside for the SPA fallback.
 */
export function mountShareCards(app: Hono, ctx: ServerContext): void {
  for (const kind of SHARE_KINDS) {
    app.get(`/${kind.segment}/:id`, async (c, next) => {
      // The raw segment: Hono's own path is already partly decoded.
      const pathname = new URL(c.req.url).pathname;
      const raw = pathname.slice(pathname.indexOf('/', 1) + 1);
      let id: string;
      try {
        id = decodeURIComponent(raw);
      } catch {
        return c.text('Bad request: malformed percent-encoding in the path', 400);
      }
      if (RESERVED_IDS[kind.segment]?.includes(id)) return next();
      const shell = await readShell(ctx.config.webDist);
      if (shell === null) return next();
      c.header('Cache-Control', 'no-cache');
      // An id is one `:`-free, blank-free part (design-docs idPart); anything else cannot exist.
      if (!/^[^:\s]{1,200}$/.test(id)) return htmlAnswer(c, shell, 404);
      const found = await lookUp(ctx, kind.type, id);
      if ('failed' in found) return htmlAnswer(c, shell, 200);
      if (!found.found) return htmlAnswer(c, shell, 404);
      // Made per request, so encoded per request: a few KB, well under a millisecond (ADR 058).
      // The card for crawlers; the document and its picture's preload for the first screen (ADR 059).
      const page = injectFirstScreen(injectShareCard(shell, buildShareCard(kind.type, found.doc, publicOrigin(c, ctx))), itemFirstScreen(kind, found.doc));
      return htmlAnswer(c, page, 200);
    });
  }
}

/**
 * The sitemap's entries with paths for links (the origin is the request's, added when rendered),
 * from one read of the catalogue: four `_id` ranges.
 */
async function readSitemapEntries(ctx: ServerContext): Promise<SitemapEntry[]> {
  const db = ctx.backend.db('catalog');
  const types = ['event', 'band', 'restaurant', 'provider'] as const;
  const lists = await Promise.all(
    types.map(async (type) => {
      const res = await db.allDocs({ ...rangeOf(type), include_docs: true });
      return res.rows.map((r) => (r as { doc?: unknown }).doc as LooseDoc | undefined).filter((d): d is LooseDoc => !!d);
    }),
  );
  const byType: Partial<Record<ShareType, LooseDoc[]>> = {};
  types.forEach((type, i) => {
    byType[type] = lists[i] ?? [];
  });
  return sitemapEntries('', byType);
}

/** The catalogue's update_seq: it changes with every write, and costs one small read. */
export async function catalogVersion(ctx: ServerContext): Promise<string | null> {
  const seq = (await ctx.backend.db('catalog').info()).update_seq as unknown;
  return seq === undefined || seq === null ? null : JSON.stringify(seq);
}

interface RenderedSitemap {
  entries: SitemapEntry[];
  origin: string;
  bytes: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

function renderOnce(entries: SitemapEntry[], origin: string): RenderedSitemap {
  const bytes = new Uint8Array(Buffer.from(renderSitemap(entries.map((e) => ({ ...e, loc: origin + e.loc }))), 'utf8'));
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { entries, origin, bytes, gzip: new Uint8Array(gzipSync(bytes)), etag };
}

/**
 * `/sitemap.xml` and `/robots.txt`; they need no built web app, so they are always mounted. The
 * sitemap is kept in this process (ADR 053): a crowd of crawlers costs the catalogue one read a
 * minute at most, and none while it is unchanged.
 */
export function mountSeoFiles(app: Hono, ctx: ServerContext): void {
  const sitemap = cachedBuild<SitemapEntry[]>({
    version: () => catalogVersion(ctx),
    build: () => readSitemapEntries(ctx),
    minAgeMs: SITEMAP_REFRESH_MS,
    onStaleError: (err) => ctx.log('warn', 'sitemap: rebuilding failed; the last one is served', { error: err instanceof Error ? err.message : String(err) }),
  });
  // The last answer rendered, for the entries and the origin it was rendered with: its bytes, a
  // gzipped copy and their ETag, made once per change, so a crowd of crawlers costs each answer a
  // write of bytes already made, never an encoding of a few hundred KB (ADR 053).
  let rendered: RenderedSitemap | null = null;

  app.get('/sitemap.xml', async (c) => {
    const origin = publicOrigin(c, ctx);
    let entries: SitemapEntry[];
    try {
      entries = await withTimeout(sitemap.get(), BACKEND_TIMEOUT_MS * 3);
    } catch (err) {
      ctx.log('warn', 'sitemap: catalog read failed', { error: err instanceof Error ? err.message : String(err) });
      c.header('Cache-Control', 'no-store');
      c.header('Retry-After', '60');
      return c.text('The sitemap is not available right now', 503);
    }
    if (rendered?.entries !== entries || rendered.origin !== origin) rendered = renderOnce(entries, origin);
    c.header('Cache-Control', seoCacheControl(ctx));
    c.header('Vary', 'Accept-Encoding');
    c.header('ETag', rendered.etag);
    if (c.req.header('if-none-match')?.split(',').some((t) => t.trim() === rendered?.etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    if (chooseCoding(c.req.header('accept-encoding'), ['gzip']) === 'gzip') {
      c.header('Content-Encoding', 'gzip');
      return c.body(rendered.gzip, 200);
    }
    return c.body(rendered.bytes, 200);
  });

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', seoCacheControl(ctx));
    return c.text(renderRobots(publicOrigin(c, ctx)), 200);
  });
}
