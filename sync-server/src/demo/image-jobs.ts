// Which picture each demo document points at, and in which bucket it lives. The documents
// store the path relative to the bucket; the app resolves it to /uploads/{bucket}/{path}.
// Site artwork (hero slides, ads, partner logos) has no bucket of its own: it goes in
// events-images under demo/site/.
import type { DemoCatalog } from './catalog-data.ts';
import type { DemoAccountSpec } from './accounts.ts';
import { ART_SIZES } from './art.ts';
import type { ArtKind } from './art.ts';
import type { ImageJob } from './render.ts';

export const SITE_IMAGES_BUCKET = 'events-images';

function job(bucket: string, path: string | null | undefined, kind: ArtKind, title: string, subtitle?: string): ImageJob | null {
  // Absolute URLs are used as they are; only our own relative paths get a file.
  if (!path || /^https?:/i.test(path)) return null;
  const size = ART_SIZES[kind];
  return { bucket, path, art: { kind, title, ...(subtitle ? { subtitle } : {}), ...size } };
}

export function imageJobsFor(catalog: DemoCatalog, accounts: readonly DemoAccountSpec[]): ImageJob[] {
  const jobs: Array<ImageJob | null> = [];
  for (const e of catalog.events) jobs.push(job('events-images', e.image_url, 'scene', e.title, `${e.location} · ${e.category}`));
  for (const b of catalog.bands) jobs.push(job('band-images', b.image_url, 'scene', b.name, `${b.location}, ${b.country}`));
  for (const r of catalog.restaurants) {
    jobs.push(job('restaurant-images', r.image_url, 'scene', r.name, `${r.cuisine} · ${r.location}`));
    for (const ph of r.photos) jobs.push(job('restaurant-images', ph.image_url, 'scene', r.name, `Photo ${ph.order + 1}`));
    for (const m of r.menu_items) jobs.push(job('restaurant-images', m.image_url, 'dish', m.name));
  }
  for (const p of catalog.providers) {
    const name = `${p.first_name} ${p.last_name}`;
    jobs.push(job('avatars', p.avatar_url, 'avatar', name));
    for (const t of p.testimonials) jobs.push(job('avatars', t.image_url, 'portrait', t.caption ?? name, t.client_name ?? undefined));
  }
  for (const p of catalog.products) jobs.push(job('market-images', p.image_url, 'product', p.name, p.brand));
  for (const s of catalog.heroSlides) {
    jobs.push(job(SITE_IMAGES_BUCKET, s.image_url, 'scene', s.title ?? 'Fete', s.subtitle ?? undefined));
    const mobile = job(SITE_IMAGES_BUCKET, s.mobile_image_url, 'portrait', s.title ?? 'Fete', s.subtitle ?? undefined);
    if (mobile) jobs.push({ ...mobile, art: { ...mobile.art, width: 500, height: 800 } });
  }
  for (const a of catalog.ads) jobs.push(job(SITE_IMAGES_BUCKET, a.image_url, 'banner', a.title ?? 'Fete', a.description ?? undefined));
  for (const p of catalog.partners) jobs.push(job(SITE_IMAGES_BUCKET, p.logo_url, 'logo', p.name));
  for (const a of accounts) jobs.push(job('avatars', a.avatar_url, 'avatar', `${a.first_name} ${a.last_name}`));

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
