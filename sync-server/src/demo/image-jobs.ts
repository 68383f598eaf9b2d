// Which picture each demo document points at, and in which bucket it lives. The documents
// store the path relative to the bucket; the app resolves it to /uploads/{bucket}/{path}.
// Site artwork (hero slides, ads, partner logos) has no bucket of its own: it goes in
// events-images under demo/site/.
import type { DemoCatalog } from './catalog-data.ts';
import type { DemoAccountSpec } from './accounts.ts';
import { ART_SIZES, HERO_MOBILE_SIZE } from './art.ts';
import type { ArtKind } from './art.ts';
import type { ImageJob } from './render.ts';

export const SITE_IMAGES_BUCKET = 'events-images';

function job(bucket: string, path: string | null | undefined, kind: ArtKind, seed: string, theme?: string | null, size = ART_SIZES[kind]): ImageJob | null {
  // Absolute URLs are used as they are; only our own relative paths get a file.
  if (!path || /^https?:/i.test(path)) return null;
  return { bucket, path, art: { kind, seed, ...(theme ? { theme } : {}), ...size } };
}

export function imageJobsFor(catalog: DemoCatalog, accounts: readonly DemoAccountSpec[]): ImageJob[] {
  const jobs: Array<ImageJob | null> = [];
  for (const e of catalog.events) jobs.push(job('events-images', e.image_url, 'event', e._id, e.category));
  for (const b of catalog.bands) jobs.push(job('band-images', b.image_url, 'band', b._id));
  for (const r of catalog.restaurants) {
    jobs.push(job('restaurant-images', r.image_url, 'restaurant', r._id, r.cuisine));
    // Photos show the place from other sides, so they follow their own seed rather than the cuisine.
    for (const ph of r.photos) jobs.push(job('restaurant-images', ph.image_url, 'restaurant', `${r._id}/${ph.id}`));
    // Dishes are shared between menus: the file, not the restaurant, is what they belong to.
    for (const m of r.menu_items) jobs.push(job('restaurant-images', m.image_url, 'dish', m.image_url ?? m.name, m.category));
  }
  for (const p of catalog.providers) {
    jobs.push(job('avatars', p.avatar_url, 'avatar', p._id));
    for (const t of p.testimonials) jobs.push(job('avatars', t.image_url, 'face', `${p._id}/${t.id}`, t.service));
  }
  for (const p of catalog.products) jobs.push(job('market-images', p.image_url, 'product', p._id, p.category));
  catalog.heroSlides.forEach((s, i) => {
    jobs.push(job(SITE_IMAGES_BUCKET, s.image_url, 'hero', s._id, String(i)));
    jobs.push(job(SITE_IMAGES_BUCKET, s.mobile_image_url, 'hero', `${s._id}/mobile`, String(i), HERO_MOBILE_SIZE));
  });
  catalog.ads.forEach((a, i) => jobs.push(job(SITE_IMAGES_BUCKET, a.image_url, 'ad', a._id, String(i))));
  catalog.partners.forEach((p, i) => jobs.push(job(SITE_IMAGES_BUCKET, p.logo_url, 'logo', p._id, String(i))));
  for (const a of accounts) jobs.push(job('avatars', a.avatar_url, 'avatar', a.email));

  // Menus share dish pictures across restaurants; draw each file once.
  const seen = new Set<string>();
  return jobs.filter((j): j is ImageJob => {
    if (!j) return false;
    const key = `${j.bucket}/${j.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
