// Artwork for the demo images, drawn locally so the demo needs no network and no stock photos.
// Pictures carry no lettering at all: the app prints every title, price and name next to or
// over them, and a title baked into the picture would show twice or be cut by a crop.
// Each picture follows its item's seed (its document id), so items differ from each other but
// are the same on every run; its theme (an event category, a cuisine, a market category…)
// picks what is drawn.
import { createRng, hashSeed } from '../../../tests/fixtures/random.ts';
import { PALETTES } from './art/palettes.ts';
import { createDraw, svgDocument } from './art/svg.ts';
import type { Draw } from './art/svg.ts';
import { beach, cruise, fete, festival, roadMas, stage } from './art/scenes.ts';
import { costume } from './art/costume.ts';
import { dish } from './art/dishes.ts';
import { diningRoom, grill, seaside, spread, stall } from './art/eateries.ts';
import type { DishMotif } from './art/dishes.ts';
import { avatar, face } from './art/people.ts';
import { product, PRODUCT_MOTIFS } from './art/products.ts';
import type { ProductMotif } from './art/products.ts';
import { ad, AD_MOTIFS, logo, LOGO_MARKS } from './art/site.ts';

export type ArtKind = 'event' | 'band' | 'restaurant' | 'dish' | 'avatar' | 'face' | 'product' | 'hero' | 'ad' | 'logo';

export interface ArtSpec {
  kind: ArtKind;
  /** What makes this picture its own: the document id, with a suffix for a second picture. */
  seed: string;
  /** What the item is (event category, cuisine, dish or market category, service, slot number). */
  theme?: string;
  width: number;
  height: number;
}

/** What a picture will show, decided before any drawing: for tests, logs and the curious. */
export interface ArtPlan {
  kind: ArtKind;
  seed: string;
  motif: Motif;
  palette: string;
  width: number;
  height: number;
}

export const ART_SIZES: Record<ArtKind, { width: number; height: number }> = {
  event: { width: 800, height: 500 },
  band: { width: 800, height: 500 },
  restaurant: { width: 800, height: 500 },
  dish: { width: 400, height: 300 },
  avatar: { width: 256, height: 256 },
  face: { width: 400, height: 500 },
  product: { width: 600, height: 600 },
  hero: { width: 1280, height: 720 },
  ad: { width: 640, height: 360 },
  logo: { width: 400, height: 200 },
};

/** The hero's picture for screens narrower than the mobile breakpoint. */
export const HERO_MOBILE_SIZE = { width: 540, height: 960 } as const;

const DRAW = {
  'road-mas': roadMas,
  fete,
  stage,
  beach,
  cruise,
  festival,
  masquerader: costume,
  spread,
  stall,
  seaside,
  grill,
  'dining-room': diningRoom,
  ...dishes(['meal', 'wrap', 'bowl', 'fish', 'sweets', 'drink']),
  person: avatar,
  glam: (d: Draw) => face(d, 'glam'),
  paint: (d: Draw) => face(d, 'paint'),
  glitter: (d: Draw) => face(d, 'glitter'),
  henna: (d: Draw) => face(d, 'henna'),
  ...Object.fromEntries(PRODUCT_MOTIFS.map((m) => [m, (d: Draw) => product(d, m)])) as Record<ProductMotif, (d: Draw) => string>,
  ...Object.fromEntries(AD_MOTIFS.map((m) => [m, (d: Draw) => ad(d, m)])) as Record<(typeof AD_MOTIFS)[number], (d: Draw) => string>,
  ...Object.fromEntries(LOGO_MARKS.map((m) => [m, (d: Draw) => logo(d, m)])) as Record<(typeof LOGO_MARKS)[number], (d: Draw) => string>,
} as const;

function dishes<const M extends DishMotif>(motifs: readonly M[]): Record<M, (d: Draw) => string> {
  return Object.fromEntries(motifs.map((m) => [m, (d: Draw) => dish(d, m)])) as Record<M, (d: Draw) => string>;
}

export type Motif = keyof typeof DRAW;

/** Every motif each kind can draw, and which theme picks which. */
export const ART_MOTIFS: Record<ArtKind, readonly Motif[]> = {
  event: ['road-mas', 'festival', 'fete', 'stage', 'beach', 'cruise'],
  band: ['masquerader'],
  restaurant: ['spread', 'stall', 'seaside', 'grill', 'dining-room'],
  dish: ['meal', 'wrap', 'bowl', 'fish', 'sweets', 'drink'],
  avatar: ['person'],
  face: ['glam', 'paint', 'glitter', 'henna'],
  product: PRODUCT_MOTIFS,
  hero: ['road-mas', 'fete', 'spread', 'glam'],
  ad: AD_MOTIFS,
  logo: LOGO_MARKS,
};

const THEMES: Partial<Record<ArtKind, Record<string, Motif>>> = {
  event: { Carnival: 'road-mas', Festival: 'festival', Party: 'fete', Concert: 'stage', 'Beach Party': 'beach', Cruise: 'cruise' },
  restaurant: { Caribbean: 'spread', Creole: 'dining-room', Seafood: 'seaside', BBQ: 'grill', 'Street Food': 'stall', Fusion: 'dining-room', Vegan: 'spread' },
  dish: { Mains: 'meal', Breakfast: 'meal', 'Street Food': 'wrap', Seafood: 'fish', Sides: 'bowl', Desserts: 'sweets', Drinks: 'drink' },
  face: { 'Face Painting': 'paint', 'Body Paint': 'paint', 'Special Effects': 'paint', Prosthetics: 'paint', 'Glitter Art': 'glitter', 'Henna Art': 'henna' },
  product: {
    Costumes: 'costume', Swimwear: 'swimwear', Accessories: 'accessory', Footwear: 'footwear', Makeup: 'makeup', 'Body Jewelry': 'jewelry',
    'Festival Wear': 'festival-wear', Tanks: 'tank', 'Crop Tops': 'crop-top', 'Monday Wear': 'monday-wear',
  },
};

/** Kinds whose theme is a slot number (hero slide, ad, partner): each slot gets its own motif. */
const BY_SLOT: ReadonlySet<ArtKind> = new Set(['hero', 'ad', 'logo']);

function motifFor(spec: ArtSpec): Motif {
  const motifs = ART_MOTIFS[spec.kind];
  const theme = spec.theme ?? '';
  const themed = THEMES[spec.kind]?.[theme];
  if (themed) return themed;
  if (BY_SLOT.has(spec.kind) && /^\d+$/.test(theme)) return motifs[Number(theme) % motifs.length] as Motif;
  // Make-up looks without a special service are glam; anything else unknown follows the seed.
  if (spec.kind === 'face') return 'glam';
  return motifs[hashSeed(spec.kind, spec.seed, 'motif') % motifs.length] as Motif;
}

export function planArt(spec: ArtSpec): ArtPlan {
  const palette = PALETTES[hashSeed(spec.kind, spec.seed, 'palette') % PALETTES.length]!;
  return { kind: spec.kind, seed: spec.seed, motif: motifFor(spec), palette: palette.name, width: spec.width, height: spec.height };
}

/** The SVG source of a picture. */
export function artSvg(spec: ArtSpec): string {
  const plan = planArt(spec);
  const palette = PALETTES.find((p) => p.name === plan.palette)!;
  const d = createDraw(spec.width, spec.height, createRng(hashSeed(spec.kind, spec.seed)), palette);
  const body = DRAW[plan.motif](d);
  return svgDocument(spec.width, spec.height, d.defs(), body);
}
