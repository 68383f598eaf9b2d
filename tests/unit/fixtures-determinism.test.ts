// Same seed, same documents; and the benchmark catalogue is cheap to build.
import { describe, expect, it } from 'vitest';
import { createFixtures, generateCatalog, makeEvent, resetFixtures } from '../fixtures/index.ts';
import { createRng } from '../fixtures/random.ts';

function sample(seed: string | number) {
  const f = createFixtures({ seed, baseDate: '2026-05-05' });
  return [f.makeEvent(), f.makeRestaurant(), f.makeProvider(), f.makeForm(), f.makeSubmission(), f.makeReceipt(), f.makeMessage()];
}

describe('fixture determinism', () => {
  it('gives identical documents for the same seed and base date', () => {
    expect(sample('a')).toEqual(sample('a'));
  });

  it('gives different ids for a different seed', () => {
    expect(sample('a')[0]?._id).not.toBe(sample('b')[0]?._id);
  });

  it('does not let one kind shift another', () => {
    const a = createFixtures({ seed: 's', baseDate: '2026-05-05' });
    const b = createFixtures({ seed: 's', baseDate: '2026-05-05' });
    b.makeBand();
    b.makeBand();
    expect(b.makeEvent()).toEqual(a.makeEvent());
  });

  it('restarts sequences on reset and honours an explicit index', () => {
    resetFixtures();
    const first = makeEvent();
    makeEvent();
    resetFixtures();
    expect(makeEvent()).toEqual(first);
    expect(makeEvent({}, 0)).toEqual(first);
  });

  it('never calls Math.random', () => {
    const original = Math.random;
    Math.random = () => {
      throw new Error('Math.random used');
    };
    try {
      sample('no-math-random');
      generateCatalog(50, 1, { mix: { event: 1, band: 1, restaurant: 1, provider: 1, product: 1 } });
    } finally {
      Math.random = original;
    }
  });

  it('has a PRNG with a fair spread', () => {
    const rng = createRng(7);
    const buckets = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) (buckets[rng.int(0, 3)] as number)++;
    for (const b of buckets) expect(b).toBeGreaterThan(850);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('generateCatalog', () => {
  // How fast is a bench's question (bench/guide-build.ts), not a test's.
  it('builds 5,000 events with unique ids, the same every time', () => {
    const docs = generateCatalog(5000, 42);
    expect(docs).toHaveLength(5000);
    expect(docs.every((d) => d.type === 'event')).toBe(true);
    expect(new Set(docs.map((d) => d._id)).size).toBe(5000);
    expect(generateCatalog(20, 42)).toEqual(docs.slice(0, 20));
  });

  it('splits a mix into exactly n documents', () => {
    const docs = generateCatalog(1001, 1, { mix: { event: 7, band: 1, restaurant: 1, product: 1 } });
    expect(docs).toHaveLength(1001);
    const count = (t: string) => docs.filter((d) => d.type === t).length;
    expect(count('event')).toBe(701);
    expect(count('band') + count('restaurant') + count('product')).toBe(300);
  });
});
