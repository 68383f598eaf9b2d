// The Fete ID member number (ADR 018): the same for a user id on every device and every run, in
// its fixed shape, with a check character that catches a mistyped or swapped character.
import { describe, expect, it } from 'vitest';
import { MEMBER_NUMBER_PATTERN, checkCharacter, isMemberNumber, memberNumber } from '../../design-docs/src/member-number.ts';
import { newId } from '../../design-docs/src/ids.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('memberNumber', () => {
  it('is stable: a known id always gives the same number', () => {
    const id = '0f3c9a7e5b1d4c2e8a6f0b9d7c5e3a1f';
    const first = memberNumber(id);
    expect(memberNumber(id)).toBe(first);
    // Pinned, so a change to the derivation (which would reprint every card) fails here.
    expect(first).toBe('FETE-V5ET-WHGR-VHT');
  });

  it('has the shape FETE-XXXX-XXXX-XXX in Crockford base 32, with no I, L, O or U', () => {
    for (let i = 0; i < 200; i++) {
      const n = memberNumber(newId());
      expect(n).toMatch(MEMBER_NUMBER_PATTERN);
      expect(n).not.toMatch(/[ILOU]/);
      expect(n).toHaveLength(18);
    }
  });

  it('differs between ids, even ids one character apart', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    const numbers = new Set(ids.map(memberNumber));
    expect(numbers.size).toBe(ids.length);
    expect(memberNumber('a')).not.toBe(memberNumber('b'));
  });

  it('holds nothing of the id it came from', () => {
    const id = 'deadbeefdeadbeefdeadbeefdeadbeef';
    expect(memberNumber(id).replace(/-/g, '').toLowerCase()).not.toContain('deadbeef');
  });
});

describe('check character', () => {
  it('accepts every generated number', () => {
    for (let i = 0; i < 200; i++) expect(isMemberNumber(memberNumber(newId()))).toBe(true);
  });

  it('rejects any single changed character', () => {
    const n = memberNumber('member-under-test');
    const positions = [...n].flatMap((c, i) => (c === '-' || i < 5 ? [] : [i]));
    for (const i of positions) {
      for (const c of ALPHABET) {
        if (c === n[i]) continue;
        const typo = n.slice(0, i) + c + n.slice(i + 1);
        expect(isMemberNumber(typo), typo).toBe(false);
      }
    }
  });

  it('rejects two neighbouring characters swapped, when they differ', () => {
    const n = memberNumber('swap-check');
    const data = n.slice(5).replace(/-/g, '');
    let caught = 0;
    let swaps = 0;
    for (let i = 0; i + 1 < data.length; i++) {
      if (data[i] === data[i + 1]) continue;
      swaps++;
      const swapped = data.slice(0, i) + data[i + 1] + data[i] + data.slice(i + 2);
      const text = `FETE-${swapped.slice(0, 4)}-${swapped.slice(4, 8)}-${swapped.slice(8)}`;
      if (!isMemberNumber(text)) caught++;
    }
    // Luhn mod N misses only a swap of two specific symbols; this number has none of them.
    expect(caught).toBe(swaps);
  });

  it('rejects other shapes', () => {
    expect(isMemberNumber('')).toBe(false);
    expect(isMemberNumber('FETE-0000-0000-000')).toBe(checkCharacter('0000000000') === '0');
    expect(isMemberNumber(memberNumber('x').toLowerCase())).toBe(false);
    expect(isMemberNumber(memberNumber('x').replace('FETE', 'FEST'))).toBe(false);
    expect(() => checkCharacter('I')).toThrow();
  });
});
