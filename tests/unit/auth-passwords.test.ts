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

  it('burnVerify does real work and always says no', async () => {
    await burnVerify('warm-up');
    const t0 = performance.now();
    expect(await burnVerify('anything')).toBe(false);
    const burn = performance.now() - t0;
    const h = await hashPassword('pw');
    const t1 = performance.now();
    await verifyPassword(h, 'wrong');
    const real = performance.now() - t1;
    // Same order of magnitude as checking a real hash (generous bounds for a busy machine).
    expect(burn).toBeGreaterThan(real / 5);
  });
});
