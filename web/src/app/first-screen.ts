// The screen of the URL the app opens on, loaded before the first render. Without this the router
// renders the layout as its HydrateFallback, loads the screen's chunk, then mounts the layout a
// second time around the screen: a reload of a list painted its first card ~200 ms later than an
// in-app navigation did. The wait is capped, so a slow chunk still lets the shell paint first.
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { atMost } from '../lib/at-most.ts';

/**
 * How the wait ended: the screen's code is in place, the cap was reached first, or a load failed
 * (left to the router, which retries it and shows the route's error).
 */
export type FirstScreenOutcome = 'loaded' | 'capped' | 'failed';

/** Resolves the lazy routes matching `pathname` in place (their `lazy` becomes what it loads). */
export async function resolveFirstScreen(routes: RouteObject[], pathname: string, capMs: number): Promise<FirstScreenOutcome> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const loads = matches.map(async ({ route }) => {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') return;
    const loaded = await lazy();
    // The router copies the route objects when it is created: changed after that, nothing reads them.
    Object.assign(route, loaded);
    delete route.lazy;
  });
  const all = Promise.all(loads).then(
    (): FirstScreenOutcome => 'loaded',
    (): FirstScreenOutcome => 'failed',
  );
  return atMost(all, capMs, 'capped' as const);
}
