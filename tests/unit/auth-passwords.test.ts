import { describe, expect, it } from 'vitest';
import { hash, parseOptions } from '@node-rs/argon2';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from '../../sync-server/src/auth/passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id, m >= 19 MiB, t >= 2, and a fresh salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    const o = parseOptions(a);
    expect(o.memoryCost).toBeGreaterThanOrEqual(19 * 1024);
    expect(o.timeCost).toBeGreaterThanOrEqual(2);
  });

  it('verifies the right password only', async () => {
    const h = await hashPassword('s3cret!');
    expect(await verifyPassword(h, 's3cret!')).toBe(true);
    expect(await verifyPassword(h, 's3cret')).toBe(false);
    expect(await verifyPassword(h, '')).toBe(false);
  });

  it('treats an unreadable stored hash as a wrong password, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyPassword('', 'x')).toBe(false);
  });

  it('asks for a rehash of weaker or foreign hashes', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    const weak = await hash('x', { memoryCost: 8192, timeCost: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });

  it('burnVerify really verifies against a hash made like a real one, and always says no', async () => {
    // Not a timing test: the cost is the same because the work is the same, an argon2id
    // verify with the real parameters. Timing is left to benches.
    const seen: { hash: string; password: string }[] = [];
    const spy = async (hash: string, password: string) => {
      seen.push({ hash, password });
      return verifyPassword(hash, password);
    };
    expect(await burnVerify('anything', spy)).toBe(false);
    expect(await burnVerify('not-a-real-password-0.5', spy)).toBe(false);
    expect(seen.map((s) => s.password)).toEqual(['anything', 'not-a-real-password-0.5']);
    const real = parseOptions(await hashPassword('pw'));
    for (const { hash } of seen) {
      expect(hash).toMatch(/^\$argon2id\$/);
      const o = parseOptions(hash);
      expect([o.memoryCost, o.timeCost, o.parallelism]).toEqual([real.memoryCost, real.timeCost, real.parallelism]);
    }
    expect(await burnVerify('anything')).toBe(false);
  });
});
