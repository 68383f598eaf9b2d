// The demo loads on a first start: counts, coverage, valid documents, images on disk and over
// HTTP, and accounts that sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES } from '../../design-docs/src/constants.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { allOf, byType, imageRefs, signIn } from '../fixtures/server-queries.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SEED_DEMO: 'true' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('fills the catalogue with every category and several countries', async () => {
    const docs = await allOf(t, 'catalog');
    const events = byType(docs, 'event');
    expect(events.length).toBeGreaterThanOrEqual(40);
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(new Set(events.map((e) => e.country)).size).toBeGreaterThanOrEqual(8);
    expect(events.some((e) => (e.date as string) < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(byType(docs, 'band')).toHaveLength(15);
    expect(byType(docs, 'restaurant')).toHaveLength(15);
    expect(byType(docs, 'provider')).toHaveLength(12);
    expect(byType(docs, 'product')).toHaveLength(30);
    for (const type of ['hero_slide', 'ad', 'partner', 'featured']) expect(byType(docs, type).length, type).toBeGreaterThan(0);
    for (const r of byType(docs, 'restaurant')) {
      expect((r.menu_items as unknown[]).length).toBeGreaterThan(0);
      expect((r.photos as unknown[]).length).toBeGreaterThan(0);
      expect((r.discounts as unknown[]).length).toBeGreaterThan(0);
    }
    for (const p of byType(docs, 'provider')) expect((p.testimonials as unknown[]).length).toBeGreaterThan(0);
  });

  it('writes only documents the contract accepts', async () => {
    const dbs = ['catalog', 'members', 'chat', 'receipts', 'submissions'];
    for (const db of dbs) {
      for (const doc of await allOf(t, db)) {
        const res = parseDoc(doc);
        expect(res.success, `${db}/${String(doc._id)}: ${res.success ? '' : res.error}`).toBe(true);
      }
    }
  });

  it('gives packages and rides a form, linked from their buttons', async () => {
    const docs = await allOf(t, 'members');
    const forms = byType(docs, 'form');
    expect(forms.map((f) => f.formtype).sort()).toEqual(['package', 'ride']);
    for (const form of forms) {
      const target = docs.find((d) => d._id === `${String(form.formtype)}:${String(form.targetid)}`);
      expect(target?.buttonlink).toBe(`/form/${String(form.formtype)}/${String(form.targetid)}`);
      expect(new Set((form.fields as { type: string }[]).map((f) => f.type)).size).toBeGreaterThanOrEqual(5);
    }
    expect(byType(docs, 'package').length).toBeGreaterThan(1);
    expect(byType(docs, 'ride').length).toBeGreaterThan(1);
    expect(byType(docs, 'event_discount').length).toBeGreaterThan(0);
    expect(byType(docs, 'attendance').length).toBeGreaterThan(0);
    expect(byType(docs, 'rating').length).toBeGreaterThan(0);
    expect(byType(docs, 'profile').length).toBeGreaterThanOrEqual(3);
  });

  it('signs in the three demo accounts, and gives each what its screens need', async () => {
    const member = await signIn(t, 'member@fete.demo', 'fete-member');
    const owner = await signIn(t, 'owner@fete.demo', 'fete-owner');
    const admin = await signIn(t, 'admin@fete.demo', 'fete-admin');
    expect(member.role).toBe('member');
    expect(admin.role).toBe('admin');

    const restaurants = byType(await allOf(t, 'catalog'), 'restaurant');
    expect(restaurants.filter((r) => r.owner_id === owner.id).length).toBeGreaterThanOrEqual(1);
    const receipts = byType(await allOf(t, 'receipts'), 'receipt');
    expect(receipts.filter((r) => r.user_id === member.id).length).toBeGreaterThanOrEqual(2);
    const mine = await allOf(t, userDbName(member.id));
    expect(byType(mine, 'like').length).toBeGreaterThanOrEqual(3);
    expect(byType(mine, 'submission').length).toBeGreaterThanOrEqual(1);
    const catalogIds = new Set((await allOf(t, 'catalog')).map((d) => d._id));
    for (const like of byType(mine, 'like')) expect(catalogIds).toContain(`${String(like.item_type)}:${String(like.item_id)}`);
  });

  it('draws every referenced image under DATA_DIR/uploads and serves it', async () => {
    const refs = imageRefs(await allOf(t, 'catalog'));
    expect(refs.length).toBeGreaterThan(150);
    const buckets = new Set(refs.map((r) => r.bucket));
    for (const b of ['events-images', 'band-images', 'restaurant-images', 'market-images', 'avatars']) expect(buckets).toContain(b);
    const { access } = await import('node:fs/promises');
    const path = await import('node:path');
    for (const r of refs) await access(path.join(t.dataDir, 'uploads', r.bucket, r.path));
    for (const r of refs.filter((_, i) => i % 40 === 0)) {
      const res = await fetch(`${t.url}/uploads/${r.bucket}/${r.path}`);
      expect(res.status, r.path).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
    }
  });
});
