import { describe, expect, it } from 'vitest';
import { parseFirstDocs, seedCatalog } from '../../web/src/data/first-docs.ts';
import type { FirstDoc } from '../../web/src/data/first-docs.ts';
import { homeFirstScreen, injectFirstScreen, itemFirstScreen } from '../../sync-server/src/share/first-docs.ts';
import { shareKind } from '../../sync-server/src/share/meta.ts';
import { MemoryPouch } from './data-test-env.ts';

const EVENT: FirstDoc = { _id: 'event:e1', _rev: '3-0123456789abcdef0123456789abcdef', type: 'event', title: 'Soca </script><script>alert(1)</script> Sunrise', active: true };

let n = 0;
const memoryDb = () => new MemoryPouch(`first-docs-${process.pid}-${++n}`, { adapter: 'memory' }) as unknown as PouchDB.Database<{ title?: string; type?: string; active?: boolean }>;

describe('the first docs a page carries', () => {
  it('the server writes a block the app reads back whole, whatever the text holds', () => {
    const html = injectFirstScreen('<html><head><title>Fete</title></head><body></body></html>', itemFirstScreen(shareKind('event'), { ...EVENT, _revisions: { start: 3, ids: ['x'] } }));
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const text = /<script type="application\/json" id="fete-first-docs">([\s\S]*?)<\/script>/.exec(html)?.[1];
    // Replication extras stay on the server: the device gets the document as it would pull it.
    expect(parseFirstDocs(text)).toEqual([EVENT]);
  });

  it('reads only catalogue items with a revision, and nothing of a block not shaped as one', () => {
    expect(parseFirstDocs(null)).toEqual([]);
    expect(parseFirstDocs('not json')).toEqual([]);
    expect(parseFirstDocs(JSON.stringify(EVENT))).toEqual([]);
    expect(parseFirstDocs(JSON.stringify(Array.from({ length: 9 }, () => EVENT)))).toEqual([]);
    const mixed = [
      EVENT,
      { _id: 'event:norev', type: 'event' },
      { _id: 'event:badrev', _rev: 'abc' },
      { _id: 'user:someone', _rev: '1-abc' },
      { _id: '_design/catalog', _rev: '1-abc' },
      { _id: 'band:gone', _rev: '2-abc', _deleted: true },
      'event:e2',
    ];
    expect(parseFirstDocs(JSON.stringify(mixed))).toEqual([EVENT]);
    // The home page's hero slides are read too.
    const slide = { _id: 'hero_slide:h1', _rev: '1-ab', type: 'hero_slide', title: 'Road March', active: true };
    expect(parseFirstDocs(JSON.stringify([slide, { _id: 'ad:a1', _rev: '1-ab' }]))).toEqual([slide]);
  });

  it('the home page carries its active slides in the order shown, and preloads the first picture shown', () => {
    const slide = (id: string, order: number, more: Record<string, unknown> = {}) => ({ _id: `hero_slide:${id}`, _rev: '1-ab', type: 'hero_slide', order, active: true, ...more });
    const screen = homeFirstScreen([
      slide('c', 2, { image_url: 'demo/c.webp' }),
      slide('off', 0, { active: false, image_url: 'demo/off.webp' }),
      slide('a', 1),
      slide('b', 1, { image_url: 'demo/b.webp', mobile_image_url: 'demo/b-phone.webp' }),
    ]);
    expect(screen.docs.map((d) => d._id)).toEqual(['hero_slide:a', 'hero_slide:b', 'hero_slide:c']);
    // The first slide has no picture, so the screen shows the second first: its phone picture below the breakpoint.
    expect(screen.preloads).toEqual([
      { href: '/uploads/events-images/demo/b-phone.webp', media: '(max-width: 767px)' },
      { href: '/uploads/events-images/demo/b.webp', media: '(min-width: 768px)' },
    ]);
    const html = injectFirstScreen('<head></head>', screen);
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/events-images/demo/b-phone.webp" media="(max-width: 767px)" fetchpriority="high" />');
    expect(parseFirstDocs(/id="fete-first-docs">([\s\S]*?)<\/script>/.exec(html)?.[1])).toHaveLength(3);
    // No more than the app reads, and nothing at all without slides.
    expect(homeFirstScreen(Array.from({ length: 12 }, (_, i) => slide(`s${i}`, i))).docs).toHaveLength(8);
    expect(injectFirstScreen('<head></head>', homeFirstScreen([]))).toBe('<head></head>');
  });

  it('writes the documents at the server\'s revision, and leaves alone one the device holds', async () => {
    const db = memoryDb();
    expect(await seedCatalog(db, [EVENT])).toBe(1);
    const stored = await db.get('event:e1', { revs: true });
    expect(stored._rev).toBe(EVENT._rev);
    expect(stored.title).toBe(EVENT.title);

    // A newer copy pulled meanwhile is kept.
    await db.bulkDocs([{ ...EVENT, _rev: '4-fedcba9876543210fedcba9876543210', title: 'Newer' }], { new_edits: false });
    expect(await seedCatalog(db, [EVENT, { ...EVENT, _id: 'band:b1', _rev: '1-aa' }])).toBe(1);
    expect((await db.get('event:e1')).title).toBe('Newer');
    expect((await db.get('band:b1'))._rev).toBe('1-aa');
    await db.destroy();
  });

  it('a pull afterwards brings the server\'s next revision on top of the seeded one, with no conflict', async () => {
    const server = memoryDb();
    const device = memoryDb();
    const first = await server.put({ _id: 'event:e9', type: 'event', title: 'One', active: true });
    const seeded = (await server.get('event:e9')) as unknown as FirstDoc;
    expect(await seedCatalog(device, [seeded])).toBe(1);
    await server.put({ ...seeded, _rev: first.rev, title: 'Two' });
    await device.replicate.from(server);
    const doc = await device.get('event:e9', { conflicts: true });
    expect(doc.title).toBe('Two');
    expect(doc._conflicts).toBeUndefined();
    await server.destroy();
    await device.destroy();
  });
});
