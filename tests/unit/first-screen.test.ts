// The screen of the URL the app opens on is loaded before the first render, so the router starts
// initialized and mounts the layout once (a reload of a list painted its cards ~200 ms later when
// the layout mounted as the HydrateFallback, then again around the screen).
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { resolveFirstScreen } from '../../web/src/app/first-screen.ts';

const Screen = () => null;
const Other = () => null;

function table(load: () => Promise<{ Component: () => null }>, loads: string[]): RouteObject[] {
  return [
    {
      path: '/',
      Component: Screen,
      children: [
        { index: true, lazy: async () => (loads.push('home'), { Component: Other }) },
        { path: 'fete-guide', lazy: async () => (loads.push('guide'), load()) },
        { path: 'fete-eats', lazy: async () => (loads.push('eats'), { Component: Other }) },
      ],
    },
  ];
}

const guideOf = (routes: RouteObject[]) => routes[0]!.children![1]!;

describe('resolveFirstScreen', () => {
  it('loads only the screens the path matches, and the router then starts initialized', async () => {
    const loads: string[] = [];
    const before = table(async () => ({ Component: Screen }), []);
    expect(createMemoryRouter(before, { initialEntries: ['/fete-guide'] }).state.initialized).toBe(false);

    const routes = table(async () => ({ Component: Screen }), loads);
    expect(await resolveFirstScreen(routes, '/fete-guide', 1_000)).toBe('loaded');
    expect(loads).toEqual(['guide']);
    expect(guideOf(routes).lazy).toBeUndefined();
    expect(guideOf(routes).Component).toBe(Screen);
    expect(routes[0]!.children![2]!.lazy).toBeTypeOf('function');
    const router = createMemoryRouter(routes, { initialEntries: ['/fete-guide'] });
    expect(router.state.initialized).toBe(true);
    expect(router.state.matches.at(-1)?.route.element).toBeTruthy(); // the router turns Component into an element
  });

  it('stops waiting at the cap, so a slow screen still lets the shell paint', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const routes = table(async () => (await slow, { Component: Screen }), []);
    // Resolves although the screen never arrives: the cap, not the load, ended the wait.
    expect(await resolveFirstScreen(routes, '/fete-guide', 30)).toBe('capped');
    expect(guideOf(routes).lazy).toBeTypeOf('function');
    // The router created now loads the screen itself.
    const router = createMemoryRouter(routes, { initialEntries: ['/fete-guide'] });
    expect(router.state.initialized).toBe(false);
    release();
    await new Promise((r) => setTimeout(r, 0));
    await expect.poll(() => router.state.initialized).toBe(true);
  });

  it('leaves a screen that failed to load to the router, which tries again', async () => {
    let attempts = 0;
    const routes = table(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return { Component: Screen };
    }, []);
    await expect(resolveFirstScreen(routes, '/fete-guide', 1_000)).resolves.toBe('failed');
    expect(guideOf(routes).lazy).toBeTypeOf('function');
    const router = createMemoryRouter(routes, { initialEntries: ['/fete-guide'] });
    await expect.poll(() => router.state.initialized).toBe(true);
    expect(attempts).toBe(2);
    expect(router.state.matches.at(-1)?.route.element).toBeTruthy(); // the router turns Component into an element
  });

  it('does nothing for a path no route matches', async () => {
    const loads: string[] = [];
    const routes = table(async () => ({ Component: Screen }), loads);
    expect(await resolveFirstScreen(routes, '/nowhere/at/all', 1_000)).toBe('loaded');
    expect(loads).toEqual([]);
  });
});
