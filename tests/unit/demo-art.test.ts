// The demo's pictures carry no lettering (the app prints every title itself), differ from item
// to item, come out the same on every run, and render to the sizes the app crops them to.
// Checked on the SVG source the generator exposes, so no OCR is needed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES, MARKET_CATEGORIES, CUISINES, PROVIDER_SERVICES } from '../../design-docs/src/constants.ts';
import { createFixtures, createRng } from '../fixtures/index.ts';
import { ART_MOTIFS, ART_SIZES, HERO_MOBILE_SIZE, artSvg, planArt } from '../../sync-server/src/demo/art.ts';
import type { ArtKind, ArtSpec } from '../../sync-server/src/demo/art.ts';
import { buildCatalog } from '../../sync-server/src/demo/catalog-data.ts';
import { imageJobsFor } from '../../sync-server/src/demo/image-jobs.ts';
import { renderImages, uploadPath } from '../../sync-server/src/demo/render.ts';
import { DEMO_ADMIN, DEMO_COMMUNITY, DEMO_MEMBER, DEMO_OWNER } from '../../sync-server/src/demo/users.ts';
import { DEMO_SEED } from '../../sync-server/src/demo/seed.ts';

const KINDS = Object.keys(ART_SIZES) as ArtKind[];

/** What each kind is themed by in the demo; slot-numbered kinds take their position. */
const THEMES: Record<ArtKind, ReadonlyArray<string | undefined>> = {
  event: EVENT_CATEGORIES,
  band: [undefined],
  restaurant: [...CUISINES, undefined],
  dish: ['Mains', 'Breakfast', 'Street Food', 'Seafood', 'Sides', 'Desserts', 'Drinks'],
  avatar: [undefined],
  face: PROVIDER_SERVICES,
  product: MARKET_CATEGORIES,
  hero: ['0', '1', '2', '3'],
  ad: ['0', '1', '2'],
  logo: ['0', '1', '2', '3', '4', '5', '6', '7'],
};

/** Many items per kind and theme, with ids shaped like the documents'. */
function specs(kind: ArtKind, perTheme: number): ArtSpec[] {
  const rng = createRng(`art-test-${kind}`);
  return THEMES[kind].flatMap((theme) => Array.from({ length: perTheme }, () => ({ kind, seed: `${kind}:${rng.hex(32)}`, ...(theme ? { theme } : {}), ...ART_SIZES[kind] })));
}

function demoJobs() {
  const catalog = buildCatalog(createFixtures({ seed: DEMO_SEED, baseDate: '2026-06-01' }));
  return imageJobsFor(catalog, [DEMO_MEMBER, DEMO_OWNER, DEMO_ADMIN, ...DEMO_COMMUNITY]);
}

/** Shapes, paint and grouping: nothing that can hold or fetch lettering. */
const ALLOWED_ELEMENTS = new Set(['svg', 'defs', 'g', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'rect', 'circle', 'ellipse', 'path', 'polygon', 'polyline', 'line']);

function expectNoLettering(svg: string, label: string): void {
  expect(svg, label).not.toMatch(/<\s*(text|tspan|textPath)\b/i);
  expect(svg, label).not.toMatch(/font/i);
  // Nothing that could bring lettering in from elsewhere: images, styles, foreign HTML, links.
  expect(svg, label).not.toMatch(/<\s*(image|style|foreignObject|use|script)\b|href=|@import|url\((?!#)/i);
  const elements = new Set([...svg.matchAll(/<([A-Za-z][\w-]*)/g)].map((m) => m[1] as string));
  for (const name of elements) expect(ALLOWED_ELEMENTS, `${label}: <${name}>`).toContain(name);
}

describe('demo artwork', () => {
  it.each(KINDS)('draws %s pictures with no text, no font and no outside content, for many items', (kind) => {
    for (const spec of specs(kind, 6)) expectNoLettering(artSvg(spec), `${kind} ${spec.theme ?? ''} ${spec.seed}`);
  });

  it('draws every picture of the demo data set with no lettering', () => {
    const jobs = demoJobs();
    expect(new Set(jobs.map((j) => j.art.kind))).toEqual(new Set(KINDS));
    for (const j of jobs) expectNoLettering(artSvg(j.art), `${j.bucket}/${j.path}`);
  });

  it.each(KINDS)('gives two %s items different pictures, and one item the same picture every time', (kind) => {
    for (const theme of THEMES[kind]) {
      const [a, b] = specs(kind, 2).filter((s) => s.theme === theme) as [ArtSpec, ArtSpec];
      expect(artSvg(a), `${kind} ${theme ?? ''}`).not.toBe(artSvg(b));
      expect(artSvg({ ...a })).toBe(artSvg(a));
    }
    const all = specs(kind, 6).map(artSvg);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives every file of the demo its own picture, in a spread of palettes', () => {
    const jobs = demoJobs();
    const svgs = jobs.map((j) => artSvg(j.art));
    expect(new Set(svgs).size).toBe(jobs.length);
    for (const kind of ['event', 'band', 'restaurant', 'avatar', 'face', 'product'] as const) {
      const palettes = new Set(jobs.filter((j) => j.art.kind === kind).map((j) => planArt(j.art).palette));
      expect(palettes.size, kind).toBeGreaterThanOrEqual(5);
    }
  });

  it('draws what the item is: a motif per event category, market category and slot', () => {
    const motif = (kind: ArtKind, theme: string) => planArt({ kind, seed: `${kind}:x`, theme, ...ART_SIZES[kind] }).motif;
    expect(new Set(EVENT_CATEGORIES.map((c) => motif('event', c))).size).toBe(EVENT_CATEGORIES.length);
    expect(new Set(MARKET_CATEGORIES.map((c) => motif('product', c))).size).toBe(MARKET_CATEGORIES.length);
    expect(new Set(THEMES.logo.map((t) => motif('logo', t as string))).size).toBe(THEMES.logo.length);
    expect(motif('face', 'Henna Art')).toBe('henna');
    expect(motif('dish', 'Drinks')).toBe('drink');
    // Every motif of every kind is reachable, and a plan only ever names its kind's motifs.
    for (const kind of KINDS) {
      const drawn = new Set(specs(kind, 8).map((s) => planArt(s).motif));
      expect([...drawn].every((m) => ART_MOTIFS[kind].includes(m)), kind).toBe(true);
      expect(drawn, kind).toEqual(new Set(ART_MOTIFS[kind]));
    }
  });

  it('sizes each job for where the app shows it', () => {
    const jobs = demoJobs();
    const mobile = jobs.filter((j) => j.path.endsWith('-mobile.webp'));
    expect(mobile.length).toBeGreaterThan(0);
    for (const j of mobile) expect({ width: j.art.width, height: j.art.height }).toEqual(HERO_MOBILE_SIZE);
    for (const j of jobs.filter((x) => !x.path.endsWith('-mobile.webp'))) expect({ width: j.art.width, height: j.art.height }).toEqual(ART_SIZES[j.art.kind]);
  });
});

describe('demo artwork rendered with sharp', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes a WebP that crops to the 16:10 card and the 12:5 detail banner', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fete-art-'));
    dirs.push(dir);
    const job = { bucket: 'events-images', path: 'demo/event-1.webp', art: { kind: 'event' as const, seed: 'event:test', theme: 'Carnival', ...ART_SIZES.event } };
    expect(await renderImages(dir, [job])).toEqual({ written: 1, skipped: 0 });
    const file = uploadPath(dir, job);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: ART_SIZES.event.width, height: ART_SIZES.event.height });

    const card = await sharp(file).resize(480, 300, { fit: 'cover' }).png().toBuffer({ resolveWithObject: true });
    expect(card.info).toMatchObject({ width: 480, height: 300 });
    const banner = await sharp(file).resize(1200, 500, { fit: 'cover' }).png().toBuffer({ resolveWithObject: true });
    expect(banner.info).toMatchObject({ width: 1200, height: 500 });
    // A picture, not a flat fill: the channels vary across the crop.
    const stats = await sharp(card.data).stats();
    expect(stats.channels.slice(0, 3).every((c) => c.stdev > 20)).toBe(true);
  });

  it('leaves partner marks on a transparent ground', async () => {
    const png = await sharp(Buffer.from(artSvg({ kind: 'logo', seed: 'partner:test', theme: '0', ...ART_SIZES.logo }))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(png.info.channels).toBe(4);
    // The top-left pixel's alpha, and the middle one's: empty corner, drawn centre.
    const alphaAt = (x: number, y: number) => png.data[(y * png.info.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(Math.floor(png.info.width / 2), Math.floor(png.info.height / 2))).toBeGreaterThan(0);
  });
});
