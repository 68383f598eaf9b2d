// Opaque secrets and their hashes. Tokens are stored only as hashes, so a copy of the
// accounts database does not hand out sessions or reset links.
import { createHash, randomBytes } from 'node:crypto';

/** base64url keeps the secret URL- and cookie-safe; 32 bytes cannot be guessed. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
