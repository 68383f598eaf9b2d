import { describe, expect, it } from 'vitest';
import {
  COUNTRIES, DOC_TYPES, GOLD_MEMBERSHIP_DAYS, PACKAGE_COLOURS, RIDE_COLOURS, RIDE_DEFAULTS, SETTINGS_ID, TERRITORIES,
  attendanceId, colourPresetFor, daysUntilExpiry, docId, emailId, featuredId, formId, goldExpiry, idOf, idPrefix,
  likeId, membershipState, messageId, newId, newReceiptNumber, notificationText, profileId, rangeOf, ratingId,
  receiptFigures, receiptStatusOf, typeOfId,
} from '../../design-docs/src/index.ts';

describe('ids', () => {
  it('build the deterministic ids of ADR 001', () => {
    expect(idPrefix('hero_slide')).toBe('hero_slide:');
    expect(docId('event', 'e1')).toBe('event:e1');
    expect(profileId('u1')).toBe('profile:u1');
    expect(likeId('band', 'b1')).toBe('like:band:b1');
    expect(ratingId('provider', 'f1', 'u1')).toBe('rating:provider:f1:u1');
    expect(attendanceId('event', 'e1', 'u1')).toBe('attendance:event:e1:u1');
    expect(featuredId('marqet', 'm1')).toBe('featured:marqet:m1');
    expect(formId('ride', 'r1')).toBe('form:ride:r1');
    expect(SETTINGS_ID).toBe('settings:main');
    expect(emailId('  Maya@Example.COM ')).toBe('email:maya@example.com');
  });

  it('make random lowercase hex ids', () => {
    const a = newId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newId()).not.toBe(a);
  });

  it('make message ids that sort by time', () => {
    const t = '2025-02-01T10:00:00.000Z';
    expect(messageId(t, 'abc')).toBe(`message:${t}:abc`);
    expect(messageId(t)).toMatch(/^message:2025-02-01T10:00:00\.000Z:[0-9a-f]{16}$/);
    expect(messageId('2025-01-01T00:00:00.000Z') < messageId(t)).toBe(true);
  });

  it('read ids back', () => {
    expect(idOf('event:e1')).toBe('e1');
    expect(typeOfId('rating:band:b1:u1')).toBe('rating');
    expect(typeOfId('nope:1')).toBeNull();
    expect(typeOfId('_design/fete')).toBeNull();
    expect(rangeOf('event')).toEqual({ startkey: 'event:', endkey: 'event:\ufff0' });
    expect(DOC_TYPES).toHaveLength(new Set(DOC_TYPES).size);
  });
});

describe('constants', () => {
  it('hold the spec’s lists', () => {
    expect(COUNTRIES).toHaveLength(22);
    expect(TERRITORIES).toContain('Trinidad and Tobago');
    expect(TERRITORIES).not.toContain('Trinidad');
    expect(TERRITORIES.length).toBeGreaterThanOrEqual(190);
    expect(new Set(TERRITORIES).size).toBe(TERRITORIES.length);
    expect(GOLD_MEMBERSHIP_DAYS).toBe(365);
  });

  it('give packages and rides their colour presets, with dark text on Amber and Yellow only', () => {
    expect(PACKAGE_COLOURS.map((p) => p.name)).toEqual([
      'Purple', 'Amber', 'Blue', 'Red', 'Teal', 'Green', 'Pink', 'Yellow', 'Indigo', 'Gray', 'Orange', 'Cyan',
    ]);
    expect(RIDE_COLOURS.map((p) => p.name)).toEqual([
      'Red', 'Black', 'Purple', 'Blue', 'Green', 'Amber', 'Pink', 'Yellow', 'Indigo', 'Gray', 'Orange', 'Cyan',
    ]);
    for (const p of [...PACKAGE_COLOURS, ...RIDE_COLOURS]) {
      const dark = p.name === 'Amber' || p.name === 'Yellow';
      expect(p.textcolor).toBe(dark ? 'text-black' : 'text-white');
      expect(p.text).toBe(dark ? '#000000' : '#ffffff');
    }
    expect(RIDE_DEFAULTS).toMatchObject({ textcolor: 'text-white', order: 0, active: true });
    expect(colourPresetFor(RIDE_DEFAULTS.bgcolor).name).toBe('Red');
    expect(colourPresetFor('unknown').name).toBe('Purple');
  });
});

describe('receipts', () => {
  it('derive the balance and status as the admin form does', () => {
    expect(receiptFigures({ amount: 500, amount_paid: 200, status: 'paid' })).toEqual({
      amount_paid: 200, balance_owed: 300, status: 'pending',
    });
    expect(receiptFigures({ amount: 500, amount_paid: 500, status: 'failed' })).toMatchObject({ status: 'paid' });
    expect(receiptFigures({ amount: 500, amount_paid: null, status: 'pending' })).toMatchObject({
      amount_paid: 500, balance_owed: 0, status: 'paid',
    });
    expect(receiptFigures({ amount: 500, amount_paid: 0, status: 'failed' })).toMatchObject({ status: 'failed' });
    expect(receiptFigures({ amount: 0.3, amount_paid: 0.1, status: 'paid' }).balance_owed).toBe(0.2);
  });

  it('number receipts REC-10000 to REC-99999', () => {
    expect(newReceiptNumber(() => 0)).toBe('REC-10000');
    expect(newReceiptNumber(() => 0.999999)).toBe('REC-99999');
    expect(newReceiptNumber()).toMatch(/^REC-\d{5}$/);
  });

  it('show unknown statuses as paid', () => {
    expect(receiptStatusOf('failed')).toBe('failed');
    expect(receiptStatusOf('refunded')).toBe('paid');
  });
});

describe('membership', () => {
  const now = new Date('2025-02-01T10:00:00.000Z');

  it('gives gold members 365 days', () => {
    expect(goldExpiry(now)).toBe('2026-02-01T10:00:00.000Z');
  });

  it('warns within 30 days and refuses after expiry', () => {
    expect(membershipState(null, now)).toEqual({ state: 'active' });
    expect(membershipState('2025-04-01T10:00:00.000Z', now)).toEqual({ state: 'active' });
    expect(membershipState('2025-03-03T10:00:00.000Z', now)).toEqual({ state: 'expiring', days: 30 });
    expect(membershipState('2025-02-01T12:00:00.000Z', now)).toEqual({ state: 'expiring', days: 1 });
    expect(membershipState('2025-02-01T10:00:00.000Z', now)).toEqual({ state: 'expired' });
    expect(daysUntilExpiry('2025-02-11T10:00:00.000Z', now)).toBe(10);
  });
});

describe('notifications', () => {
  it('use the bell’s wording', () => {
    expect(notificationText('Book Carnival Gold', 'completed')).toBe(
      'your form submission for Book Carnival Gold has been completed',
    );
  });
});
