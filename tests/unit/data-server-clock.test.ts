// ADR 054: the device stamps its writes with the server's clock. A phone set twenty minutes
// ahead would have every write refused (stamps may be at most 10 minutes ahead); the offset read
// from the server's answers brings its stamps back. A right clock (within a minute) is untouched,
// and answers that may come from a cache (reads) or from another origin teach nothing.
import { describe, expect, it } from 'vitest';
import { SKEW_IGNORED_MS, createServerClock } from '../../web/src/data/server-clock.ts';

const ORIGIN = 'https://fete.example';
const MINUTE = 60_000;

/** A device whose clock reads `device`, talking to a server whose clock reads `server`. */
function setup(aheadMs: number) {
  const device = 1_800_000_000_000;
  const server = device - aheadMs;
  const clock = createServerClock(ORIGIN, () => device);
  const answer = () => new Response('{}', { headers: { date: new Date(server).toUTCString() } });
  const fetch = clock.watch(async () => answer());
  return { clock, fetch, device, server };
}

describe('the server clock', () => {
  it('moves the stamps of a device twenty minutes ahead back to the server\'s time', async () => {
    const { clock, fetch, server } = setup(20 * MINUTE);
    expect(clock.offsetMs()).toBe(0);
    await fetch(`${ORIGIN}/db/userdb-75/_bulk_docs`, { method: 'POST', body: '{}' });
    // Within the header's second.
    expect(Math.abs(clock.now().getTime() - server)).toBeLessThanOrEqual(1000);
  });

  it('and those of a device an hour behind forward', async () => {
    const { clock, fetch, server } = setup(-60 * MINUTE);
    await fetch(new Request(`${ORIGIN}/api/auth/refresh`, { method: 'POST' }));
    expect(Math.abs(clock.now().getTime() - server)).toBeLessThanOrEqual(1000);
  });

  it('leaves a clock within a minute alone', async () => {
    const { clock, fetch, device } = setup(SKEW_IGNORED_MS - 5000);
    await fetch(`${ORIGIN}/db/chat/_bulk_docs`, { method: 'POST', body: '{}' });
    expect(clock.offsetMs()).toBe(0);
    expect(clock.now().getTime()).toBe(device);
  });

  it('learns nothing from reads, which a cache may answer, nor from another origin', async () => {
    const { clock, fetch } = setup(20 * MINUTE);
    await fetch(`${ORIGIN}/db/catalog/_changes`);
    await fetch(`${ORIGIN}/api/public-config`, { method: 'GET' });
    await fetch('https://elsewhere.example/db/x', { method: 'POST' });
    await fetch(`${ORIGIN}.evil.example/db/x`, { method: 'POST' });
    expect(clock.offsetMs()).toBe(0);
  });

  it('keeps its offset when an answer has no readable date', async () => {
    const { clock, fetch } = setup(20 * MINUTE);
    await fetch(`${ORIGIN}/db/chat/_bulk_docs`, { method: 'POST' });
    const offset = clock.offsetMs();
    expect(offset).toBeLessThan(-19 * MINUTE);
    const bare = clock.watch(async () => new Response('{}'));
    await bare(`${ORIGIN}/db/chat/_bulk_docs`, { method: 'POST' });
    expect(clock.offsetMs()).toBe(offset);
  });
});
