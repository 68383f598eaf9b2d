import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientIp } from '../../sync-server/src/rate-limit/client-ip.ts';

function app(trustProxy: boolean) {
  const a = new Hono();
  a.get('/', (c) => c.text(clientIp(c, trustProxy)));
  return a;
}

describe('client ip', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const res = await app(false).request('/', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await res.text()).toBe('unknown');
  });

  it('behind a trusted proxy takes the address the proxy appended (the last one)', async () => {
    const res = await app(true).request('/', { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' } });
    expect(await res.text()).toBe('203.0.113.9');
  });

  it('reads the socket address when served by node', async () => {
    const { serve } = await import('@hono/node-server');
    const a = app(false);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: a.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
