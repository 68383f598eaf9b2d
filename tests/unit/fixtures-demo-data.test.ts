// The demo's documents, built without a server: all valid, all categories, sensible links.
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import { EVENT_CATEGORIES } from '../../design-docs/src/constants.ts';
import { idOf } from '../../design-docs/src/ids.ts';
import { createFixtures } from '../fixtures/index.ts';
import { assignOwner, buildCatalog, DEMO_COUNTS } from '../../sync-server/src/demo/catalog-data.ts';
import { buildMemberData } from '../../sync-server/src/demo/member-data.ts';
import { imageJobsFor } from '../../sync-server/src/demo/image-jobs.ts';
import { DEMO_ADMIN, DEMO_COMMUNITY, DEMO_MEMBER, DEMO_OWNER } from '../../sync-server/src/demo/users.ts';
import { DEMO_SEED } from '../../sync-server/src/demo/seed.ts';
import { daysBetween } from '../fixtures/dates.ts';

const users = { member: 'a'.repeat(32), owner: 'b'.repeat(32), admin: 'c'.repeat(32), community: ['1', '2', '3', '4', '5', '6'].map((d) => d.repeat(32)) };

function build(baseDate = '2026-06-01') {
  const f = createFixtures({ seed: DEMO_SEED, baseDate });
  const catalog = buildCatalog(f);
  assignOwner(catalog, users.owner);
  const member = buildMemberData(f, catalog, users);
  return { catalog, member };
}

describe('demo data set', () => {
  it('is valid against the schemas, document by document', () => {
    const { catalog, member } = build();
    const docs = [
      ...Object.values(catalog).flat(),
      ...member.packages, ...member.rides, ...member.forms, ...member.eventDiscounts, ...member.attendance, ...member.ratings,
      ...member.chat, ...member.likes, ...member.receipts, ...member.submissions, member.notification, ...member.privateMessages,
    ];
    for (const doc of docs) {
      const res = parseDoc(doc);
      expect(res.success, `${doc._id}: ${res.success ? '' : res.error}`).toBe(true);
    }
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
  });

  it('has the promised counts and covers every event category', () => {
    const { catalog } = build();
    expect(catalog.events.length).toBeGreaterThanOrEqual(40);
    expect(new Set(catalog.events.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(catalog.bands).toHaveLength(DEMO_COUNTS.bands);
    expect(catalog.restaurants.filter((r) => r.owner_id === users.owner).length).toBeGreaterThanOrEqual(1);
    // Three upcoming Party picks for the home page (destinations need no featuring).
    const featuredEvents = catalog.featured.filter((x) => x.item_type === 'event').map((x) => catalog.events.find((e) => e._id === `event:${x.item_id}`));
    expect(featuredEvents).toHaveLength(3);
    for (const e of featuredEvents) {
      expect(e?.category).toBe('Party');
      expect(e!.date >= '2026-06-01').toBe(true);
    }
  });

  it('points likes, ratings, attendance and discounts at documents that exist', () => {
    const { catalog, member } = build();
    const ids = new Set(Object.values(catalog).flat().map((d) => d._id));
    for (const l of member.likes) expect(ids).toContain(`${l.item_type}:${l.item_id}`);
    for (const r of member.ratings) expect(ids).toContain(`${r.target_type}:${r.target_id}`);
    for (const a of member.attendance) expect(ids).toContain(`${a.target_type}:${a.target_id}`);
    for (const d of member.eventDiscounts) expect(ids).toContain(`event:${d.event_id}`);
    for (const x of catalog.featured) {
      const type = { face: 'provider', marqet: 'product' }[x.item_type as string] ?? x.item_type;
      expect(ids).toContain(`${type}:${x.item_id}`);
    }
    const rated = catalog.providers.filter((p) => p.total_ratings > 0);
    expect(rated).toHaveLength(catalog.providers.length);
    for (const p of rated) expect(p.rating).toBeGreaterThanOrEqual(1);
    expect(member.forms.map((f) => f.formtype).sort()).toEqual(['package', 'ride']);
    expect(member.packages[0]?.buttonlink).toBe(`/form/package/${idOf(member.packages[0]!._id)}`);
  });

  // The seed's base date is the day of the first start, so whatever that day is, a fresh demo
  // must look alive: most events ahead, some of them this fortnight, only a few just past.
  it.each(['2026-06-01', '2026-01-01', '2026-02-20', '2026-09-15', '2027-12-31', '2028-02-29'])('dates events around the base date %s, mostly in the coming months', (baseDate) => {
    const { catalog } = build(baseDate);
    const offsets = catalog.events.map((e) => daysBetween(baseDate, e.date));
    const upcoming = offsets.filter((d) => d >= 0);
    expect(upcoming.length / offsets.length).toBeGreaterThanOrEqual(0.8);
    expect(offsets.filter((d) => d >= 0 && d <= 14).length).toBeGreaterThanOrEqual(3);
    // Spread over about five months rather than bunched in the first weeks.
    expect(Math.max(...upcoming)).toBeLessThanOrEqual(155);
    expect(upcoming.filter((d) => d > 60).length).toBeGreaterThanOrEqual(offsets.length / 3);
    // The past ones are recent: the past-events screens have something, nothing looks stale.
    expect(offsets.filter((d) => d < 0).length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-30);
    // Bands play within the same season.
    for (const b of catalog.bands) expect(daysBetween(baseDate, b.start_date ?? '')).toBeGreaterThanOrEqual(0);
  });

  it('is the same for the same base date, so a resumed seed rewrites identical documents', () => {
    expect(build('2026-06-01')).toEqual(build('2026-06-01'));
  });

  it('draws one picture per referenced path, each in its bucket', () => {
    const { catalog } = build();
    const jobs = imageJobsFor(catalog, [DEMO_MEMBER, DEMO_OWNER, DEMO_ADMIN, ...DEMO_COMMUNITY]);
    const keys = jobs.map((j) => `${j.bucket}/${j.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(`events-images/${catalog.events[0]!.image_url}`);
    expect(keys).toContain(`band-images/${catalog.bands[0]!.image_url}`);
    expect(keys).toContain(`market-images/${catalog.products[0]!.image_url}`);
    expect(keys).toContain(`avatars/${DEMO_MEMBER.avatar_url}`);
    expect(jobs.length).toBeLessThan(300);
  });
});
