// GET /api/config: the public settings the app shows, here the support address printed on
// receipts, taken from the server's SUPPORT_EMAIL (ADR 019).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { publicConfigSchema } from '../../design-docs/src/schemas/api.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ SUPPORT_EMAIL: 'help@carnival.example' });
});
afterAll(async () => {
  await ts?.close();
});

describe('GET /api/config', () => {
  it('answers anyone, without a token, with the configured support address only', async () => {
    const res = await fetch(`${ts.url}/api/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body: unknown = await res.json();
    expect(body).toEqual({ support_email: 'help@carnival.example' });
    expect(publicConfigSchema.parse(body).support_email).toBe('help@carnival.example');
  });

  it('takes no writes', async () => {
    const res = await fetch(`${ts.url}/api/config`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(404);
  });
});
