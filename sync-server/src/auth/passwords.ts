// Password hashing with argon2id. The parameters meet OWASP's minimum (m = 19 MiB, t = 2);
// hashes made with weaker parameters are upgraded on the next successful sign-in.
import { hash, parseOptions, verify } from '@node-rs/argon2';
import type { Algorithm, Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export const HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return o.algorithm !== ARGON2ID || o.memoryCost < (HASH_OPTIONS.memoryCost ?? 0) || o.timeCost < (HASH_OPTIONS.timeCost ?? 0);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as checking a real password, so an unknown e-mail answers as
 * slowly as a wrong password and response times do not reveal which accounts exist.
 */
export async function burnVerify(password: string, verify: (hash: string, password: string) => Promise<boolean> = verifyPassword): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verify(await dummyHash, password);
  return false;
}
