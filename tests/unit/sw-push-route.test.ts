// The push service worker (web/public/sw-push.js, served as is) opens only routes of this app
// (ADR 048): the file itself runs here in a sandbox standing in for the worker's global scope, and
// every push and click goes through its own handlers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(path.resolve(import.meta.dirname, '../../web/public/sw-push.js'), 'utf8');
const ORIGIN = 'https://fete.example';

type Handler = (event: Record<string, unknown>) => void;

/** The worker with its handlers, the notifications it showed and the windows it opened. */
function worker(openWindows: string[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: Array<{ title: string; options: { data: { url: string } } }> = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: Handler) => handlers.set(type, fn),
    registration: {
      showNotification: async (title: string, options: { data: { url: string } }) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => openWindows.map((url) => ({ url, focus: async function (this: unknown) { return this; }, navigate: async (to: string) => void navigated.push(to) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(SOURCE, { self, URL });
  const run = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => void (work = p) });
    await work;
  };
  return {
    /** The route a push with this `url` keeps for its click. */
    async pushed(url: unknown): Promise<string> {
      await run('push', { data: { json: () => ({ title: 'Fete', body: 'New message', url }) } });
      return shown.at(-1)?.options.data.url as string;
    },
    /** Where a click on a notification carrying this `url` takes the member. */
    async clicked(url: unknown): Promise<string> {
      await run('notificationclick', { notification: { close: () => undefined, data: { url } } });
      return (opened.at(-1) ?? navigated.at(-1)) as string;
    },
  };
}

const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\t\t/evil.example',
  '\t//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  'https://evil.example',
  'https://evil.example/events/1',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' /x',
  '/x ',
  '/events/1\u0000',
  '/events/\u00a01',
  '/events/\u20281',
  'events/1',
  '',
  '\\\\evil.example',
  null,
  42,
  { toString: () => '/events/1' },
];

describe('the push service worker opens only routes of this app', () => {
  it('keeps a route of this app, with its query and fragment', async () => {
    for (const route of ['/', '/events/1', '/fete-chat?selectedUserId=a1b2', '/dashboard?tab=forms#top', '/events/%09x', '/a\\b']) {
      const w = worker();
      expect(await w.pushed(route), route).toBe(route);
      expect(await w.clicked(route), route).toBe(new URL(route, ORIGIN).href);
    }
  });

  /** A readable name for any input: control and non-ASCII characters as \u escapes. */
  const shown = (u: unknown) => (JSON.stringify(u) ?? String(u)).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  it.each(HOSTILE.map((u) => [shown(u), u]))('sends %s to the home page', async (_name, url) => {
    const w = worker();
    expect(await w.pushed(url)).toBe('/');
    expect(await w.clicked(url)).toBe(`${ORIGIN}/`);
    // An open window of the app is sent home too, never away.
    const open = worker([`${ORIGIN}/events/9`]);
    expect(await open.clicked(url)).toBe(`${ORIGIN}/`);
  });

  it('whatever the route, the click lands on this origin', async () => {
    for (const url of HOSTILE) expect(new URL(await worker().clicked(url)).origin).toBe(ORIGIN);
  });
});
