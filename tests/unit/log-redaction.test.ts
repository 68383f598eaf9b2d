// In production the server's log lines carry no e-mail address: what an address-shaped string
// becomes, and that the logger applies it to the whole line, keys and error text included.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, redactEmails } from '../../sync-server/src/log.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function written(redact: boolean, msg: string, extra?: unknown): string {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  createLogger('debug', { redactEmails: redact })('info', msg, extra);
  vi.restoreAllMocks();
  return lines.join('');
}

describe('e-mail addresses in log lines', () => {
  it('are replaced wherever they stand, in any form the sign-up schema accepts, and in a URL', () => {
    expect(redactEmails('to <Ana.Maria+fete@mail.example.co.tt>: rejected')).toBe('to <[email]>: rejected');
    expect(redactEmails("o'neil_99@x-y.example and k@b.org")).toBe('[email] and [email]');
    expect(redactEmails('GET /api/x?email=ana%40example.org')).toBe('GET /api/x?email=[email]');
    expect(redactEmails('email:ana@example.org')).toBe('email:[email]');
  });

  it('leave alone what only looks a little like one', () => {
    for (const s of ['node_modules/@node-rs/argon2', 'pouchdb@9.0.0', 'a @ b.org', 'user id a1b2c3']) expect(redactEmails(s)).toBe(s);
  });

  it('are taken out of the message, the extra (keys too) and an error, in production only', () => {
    const err = new Error('550 <ana@example.org>: Recipient address rejected');
    const prod = written(true, 'mail to ana@example.org', { by: { 'ana@example.org': 1 }, to: 'ana@example.org' }) + written(true, 'failed', err);
    expect(prod).not.toContain('ana@example.org');
    expect(prod).toContain('mail to [email]');
    expect(prod).toContain('550 <[email]>');
    expect(JSON.parse(prod.split('\n')[0] as string).extra).toEqual({ by: { '[email]': 1 }, to: '[email]' });
    expect(written(false, 'mail to ana@example.org')).toContain('ana@example.org');
  });
});
