// The Fete ID member number (ADR 018): derived from the user id, so every device computes the
// same number offline with nothing stored or assigned, and a door scanner can check it without
// the network. It is a one-way digest of an id that is not secret anyway, so it reveals nothing.
//
// Shape: `FETE-XXXX-XXXX-XXX`: ten Crockford base-32 characters (50 bits of the digest) and one
// Luhn mod 32 check character. 50 bits keep the chance of any two of a million members sharing
// a number under 1 in 2,000. Only digits, capitals and '-' appear, so a QR code holds it in its
// compact alphanumeric mode and nobody confuses 0/O or 1/I/L when reading it aloud.

/** Crockford's base 32: no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = 32;
const DATA_CHARS = 10;
export const MEMBER_NUMBER_PREFIX = 'FETE';
export const MEMBER_NUMBER_PATTERN = /^FETE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{3}$/;

// FNV-1a, 64 bits: tiny, synchronous (Web Crypto's digest is async) and the same on every
// engine. Collision resistance against an attacker is not needed: ids are server-made.
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

function fnv1a64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash;
}

/** Luhn mod N over the alphabet: catches every single-character error and most swaps of neighbours. */
export function checkCharacter(data: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = data.length - 1; i >= 0; i--) {
    const code = ALPHABET.indexOf(data[i]!);
    if (code < 0) throw new Error(`Not a member number character: ${data[i]}`);
    const addend = factor * code;
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** The member number of a user id: the same on every device, forever. */
export function memberNumber(userId: string): string {
  // The top 50 bits: FNV's high bits mix best.
  let bits = fnv1a64(`fete-member:${userId}`) >> 14n;
  let data = '';
  for (let i = 0; i < DATA_CHARS; i++) {
    data = ALPHABET[Number(bits % 32n)]! + data;
    bits /= 32n;
  }
  const check = checkCharacter(data);
  return `${MEMBER_NUMBER_PREFIX}-${data.slice(0, 4)}-${data.slice(4, 8)}-${data.slice(8)}${check}`;
}

/** Whether `value` is a well-formed member number whose check character matches (for a door scanner). */
export function isMemberNumber(value: string): boolean {
  if (!MEMBER_NUMBER_PATTERN.test(value)) return false;
  const chars = value.slice(MEMBER_NUMBER_PREFIX.length + 1).replace(/-/g, '');
  return checkCharacter(chars.slice(0, DATA_CHARS)) === chars.slice(DATA_CHARS);
}
