// The commonest passwords are refused (ADR 013): `123456`, `aaaaaa`, six spaces. zxcvbn-ts
// judges them with its well-kept lists of common passwords and its patterns (repeats,
// sequences, keyboard walks); score 0 means fewer than a thousand guesses. It is loaded once,
// on the first password checked, and only on the server.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let judge: Promise<ZxcvbnFactory> | null = null;

async function load(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory: Factory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
  return new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
}

/** True when the password is among the easiest to guess. */
export async function isTooCommon(password: string): Promise<boolean> {
  judge ??= load();
  const z = await judge;
  // zxcvbn's cost grows with length (a crafted 200-character password took about a second);
  // past 64 characters nothing is "common".
  if (password.length > 64) return false;
  return z.check(password).score === 0;
}
