// The factories must produce documents the contract accepts, for every type of ADR 001.
import { describe, expect, it } from 'vitest';
import { docSchemas } from '../../design-docs/src/schemas/doc-schemas.ts';
import { EVENT_CATEGORIES, FORM_FIELD_TYPES, MARKET_CATEGORIES } from '../../design-docs/src/constants.ts';
import { createFixtures } from '../fixtures/index.ts';
import { addDays, SEASON_DAYS } from '../fixtures/dates.ts';
import { EVENT_SEEDS } from '../fixtures/content/events.ts';

const BASE = '2026-03-01';

function expectValid(doc: { type: string }): void {
  const schema = docSchemas[doc.type as keyof typeof docSchemas];
  expect(schema, `schema for ${doc.type}`).toBeDefined();
  const result = schema.safeParse(doc);
  if (!result.success) throw new Error(`${doc.type} ${JSON.stringify(doc).slice(0, 200)}: ${JSON.stringify(result.error.issues)}`);
  // Zod drops unknown keys, so a misspelt field would pass; the parsed copy must lose nothing.
  expect(result.data, `${doc.type} parsed unchanged`).toEqual(doc);
}

describe('fixture factories', () => {
  it('build valid documents of every type, many times over', () => {
    const f = createFixtures({ seed: 'schema-check', baseDate: BASE });
    for (let i = 0; i < 80; i++) {
      const event = f.makeEvent();
      const band = f.makeBand();
      const restaurant = f.makeRestaurant();
      const provider = f.makeProvider();
      const product = f.makeProduct();
      const pkg = f.makePackage();
      const ride = f.makeRide();
      const form = f.makeForm({ formtype: i % 2 === 0 ? 'package' : 'ride', targetid: (i % 2 === 0 ? pkg : ride)._id.split(':')[1] });
      const profile = f.makeProfile();
      for (const doc of [
        event, band, restaurant, provider, product, pkg, ride, form, profile,
        f.makeHeroSlide(),
        f.makeAd(),
        f.makePartner(),
        f.makeFeatured({ item_type: 'band', item_id: band._id.slice('band:'.length) }),
        f.makeEventDiscount({ event }),
        f.makeSubmission({ formDoc: form, userid: profile.user_id }),
        f.makeReceipt({ user_id: profile.user_id }),
        f.makeMessage({ sender_id: profile.user_id }),
        f.makeMessage({ sender_id: profile.user_id, receiver_id: 'abc123' }),
        f.makeLike({ item_type: 'restaurant', item_id: 'r1' }),
        f.makeRating({ target_type: 'band', target_id: 'b1', user_id: profile.user_id, rating: 5 }),
        f.makeAttendance({ target_type: 'event', target_id: 'e1', user_id: profile.user_id }),
      ]) {
        expectValid(doc);
      }
    }
  });

  it('cover the spec lists: every event category, market category and form field type', () => {
    const f = createFixtures({ seed: 1, baseDate: BASE });
    const events = Array.from({ length: 60 }, () => f.makeEvent());
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    const products = Array.from({ length: 30 }, () => f.makeProduct());
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(MARKET_CATEGORIES));
    expect(new Set(f.makeForm().fields.map((x) => x.type))).toEqual(new Set(FORM_FIELD_TYPES));
  });

  it('put curated events within the five months after the base date, and a few before it', () => {
    const f = createFixtures({ seed: 1, baseDate: BASE });
    const dates = Array.from({ length: EVENT_SEEDS.length }, () => f.makeEvent().date);
    const past = dates.filter((d) => d < BASE);
    expect(past.length).toBeGreaterThan(0);
    expect(past.length).toBeLessThan(6);
    expect(dates.every((d) => d <= addDays(BASE, SEASON_DAYS + 1))).toBe(true);
  });

  it('keep the yearly order of the curated calendar, and date bands with their carnival', () => {
    const f = createFixtures({ seed: 1, baseDate: BASE });
    const events = Array.from({ length: EVENT_SEEDS.length }, () => f.makeEvent());
    const byTitle = (t: string) => events.find((e) => e.title === t)?.date ?? '';
    // Fetes come before the carnival they lead up to, and the carnival before Crop Over.
    expect(byTitle('Tribe Ignite') < byTitle('Panorama Finals')).toBe(true);
    expect(byTitle('Panorama Finals') < byTitle("Trinidad Carnival J'ouvert")).toBe(true);
    expect(byTitle("Trinidad Carnival J'ouvert") < byTitle('Crop Over Grand Kadooment')).toBe(true);
    expect(f.makeBand().start_date).toBe(byTitle('Trinidad Carnival Monday & Tuesday'));
  });

  it('keep restaurant sub-lists inside the restaurant with unique ids', () => {
    const r = createFixtures({ seed: 2, baseDate: BASE }).makeRestaurant();
    expect(r.menu_items.length).toBeGreaterThan(3);
    expect(r.photos.length).toBeGreaterThan(1);
    expect(r.discounts.length).toBeGreaterThan(0);
    const ids = [...r.menu_items, ...r.photos, ...r.discounts].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('derive composite ids from the fields they are built from', () => {
    const f = createFixtures({ seed: 3, baseDate: BASE });
    expect(f.makeLike({ item_type: 'band', item_id: 'xyz' })._id).toBe('like:band:xyz');
    expect(f.makeRating({ target_type: 'provider', target_id: 'p', user_id: 'u' })._id).toBe('rating:provider:p:u');
    expect(f.makeAttendance({ target_type: 'band', target_id: 'b', user_id: 'u' })._id).toBe('attendance:band:b:u');
    expect(f.makeFeatured({ item_type: 'face', item_id: 'p1' })._id).toBe('featured:face:p1');
    expect(f.makeForm({ formtype: 'ride', targetid: 'r9' })._id).toBe('form:ride:r9');
    expect(f.makeProfile({ user_id: 'u1' })._id).toBe('profile:u1');
  });
});
