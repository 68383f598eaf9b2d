// The home page, `/`, answered with the app shell plus its first screen (ADR 059): the first hero
// slides and their picture's preload, so a first visit draws the hero without waiting for the
// whole catalogue. The slides are read again only when the catalogue has changed, at most once per
// HOME_REFRESH_MS, and kept in this process: a cache like the sitemap's (ADR 053), not state, so a
// crowd of first visits costs the catalogue no read per request. A kept answer a little behind is
// harmless: the device's pull brings the catalogue as it is, on top of what the page carried.
import type { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { htmlAnswer } from '../compression/web-files.ts';
import { cachedBuild } from './cached-build.ts';
import { homeFirstScreen, injectFirstScreen } from './first-docs.ts';
import type { FirstScreen } from './first-docs.ts';
import { BACKEND_TIMEOUT_MS, catalogVersion, readShell, readTypeRange, withTimeout } from './routes.ts';

export const HOME_REFRESH_MS = 30_000;
/** More slides than a home shows: the read stays bounded whatever the catalogue holds. */
export const HERO_READ_LIMIT = 100;


export function mountHomePage(app: Hono, ctx: ServerContext): void {
  const screen = cachedBuild<FirstScreen>({
    version: () => catalogVersion(ctx),
    build: async () => homeFirstScreen(await readTypeRange(ctx, 'hero_slide', HERO_READ_LIMIT)),
    minAgeMs: HOME_REFRESH_MS,
    onStaleError: (err) => ctx.log('warn', 'home page: reading the hero slides failed; the last ones are served', { error: err instanceof Error ? err.message : String(err) }),
  });
  // The last page made, for the shell and the first screen it was made from.
  let made: { shell: string; screen: FirstScreen; html: string } | null = null;

  app.get('/', async (c, next) => {
    const shell = await readShell(ctx.config.webDist);
    if (shell === null) return next();
    c.header('Cache-Control', 'no-cache');
    let first: FirstScreen;
    try {
      first = await withTimeout(screen.get(), BACKEND_TIMEOUT_MS);
    } catch (err) {
      // The plain shell: the app pulls the catalogue itself.
      ctx.log('warn', 'home page: hero slides unavailable', { error: err instanceof Error ? err.message : String(err) });
      return htmlAnswer(c, shell, 200);
    }
    if (made?.shell !== shell || made.screen !== first) made = { shell, screen: first, html: injectFirstScreen(shell, first) };
    return htmlAnswer(c, made.html, 200);
  });
}
