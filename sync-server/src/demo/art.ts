// SVG artwork for demo images: carnival gradients, confetti and titles, drawn locally so the
// demo needs no network and no stock photos. Colours and shapes follow a hash of the title, so
// every picture differs but is the same on every run.
import { createRng, hashSeed } from '../../../tests/fixtures/random.ts';
import type { Rng } from '../../../tests/fixtures/random.ts';

export type ArtKind = 'scene' | 'avatar' | 'portrait' | 'dish' | 'product' | 'logo' | 'banner';

export interface ArtSpec {
  kind: ArtKind;
  title: string;
  subtitle?: string;
  width: number;
  height: number;
}

export const ART_SIZES: Record<ArtKind, { width: number; height: number }> = {
  scene: { width: 800, height: 500 },
  avatar: { width: 256, height: 256 },
  portrait: { width: 400, height: 500 },
  dish: { width: 400, height: 300 },
  product: { width: 600, height: 600 },
  logo: { width: 512, height: 256 },
  banner: { width: 800, height: 250 },
};

/** Carnival colours: sunset, sea, feather, flag. */
const PALETTES: ReadonlyArray<[string, string, string]> = [
  ['#ff6b00', '#d6006f', '#ffd23f'],
  ['#00b4d8', '#3a0ca3', '#90e0ef'],
  ['#ff006e', '#8338ec', '#ffbe0b'],
  ['#06d6a0', '#118ab2', '#ffd166'],
  ['#e63946', '#1d3557', '#f1c40f'],
  ['#f72585', '#4361ee', '#4cc9f0'],
  ['#fb5607', '#ff006e', '#3a86ff'],
  ['#2ec4b6', '#e71d36', '#ff9f1c'],
];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Splits a long title in two at the space nearest the middle. */
function lines(title: string, maxChars: number): string[] {
  if (title.length <= maxChars) return [title];
  const mid = title.length / 2;
  let best = -1;
  for (let i = 0; i < title.length; i++) if (title[i] === ' ' && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) best = i;
  return best < 0 ? [title] : [title.slice(0, best), title.slice(best + 1)];
}

function fontFor(text: string, width: number, max: number): number {
  return Math.max(14, Math.min(max, Math.floor(width / (text.length * 0.58))));
}

function defs(p: [string, string, string]): string {
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>`
    + `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient></defs>`;
}

function confetti(rng: Rng, w: number, h: number, colour: string, count: number): string {
  // Plain circles only: rotated shapes and per-shape opacity roughly double the raster time.
  let out = `<g fill="${colour}" fill-opacity=".7">`;
  for (let i = 0; i < count; i++) out += `<circle cx="${rng.int(0, w)}" cy="${rng.int(0, h)}" r="${rng.int(2, Math.max(3, Math.round(w / 60)))}"/>`;
  return `${out}</g>`;
}

/** Feather fans: the carnival backpiece silhouette. */
function feathers(rng: Rng, cx: number, cy: number, size: number, colour: string): string {
  const n = rng.int(7, 11);
  let out = `<g fill="${colour}" fill-opacity=".35">`;
  for (let i = 0; i < n; i++) {
    const angle = -80 + (160 / (n - 1)) * i;
    out += `<ellipse cx="${cx}" cy="${cy - size / 2}" rx="${(size / 9).toFixed(1)}" ry="${(size / 2).toFixed(1)}" transform="rotate(${angle.toFixed(1)} ${cx} ${cy})"/>`;
  }
  return `${out}</g>`;
}

function titleBlock(spec: ArtSpec, x: number, baseline: number, anchor: 'start' | 'middle', colour = '#fff'): string {
  const maxChars = Math.round(spec.width / 30);
  const ls = lines(spec.title, maxChars);
  const size = fontFor(ls.reduce((a, b) => (a.length > b.length ? a : b)), spec.width - 80, Math.round(spec.height / 8));
  const sub = spec.subtitle ? Math.min(Math.max(12, Math.round(size * 0.45)), fontFor(spec.subtitle, spec.width - 48, 40)) : 0;
  const top = baseline - sub * 1.6 - (ls.length - 1) * size * 1.1;
  const font = `font-family="DejaVu Sans, sans-serif" text-anchor="${anchor}" fill="${colour}"`;
  let out = ls.map((l, i) => `<text x="${x}" y="${(top + i * size * 1.1).toFixed(0)}" ${font} font-size="${size}" font-weight="700">${esc(l)}</text>`).join('');
  if (spec.subtitle) out += `<text x="${x}" y="${baseline}" ${font} font-size="${sub}" fill-opacity=".9">${esc(spec.subtitle)}</text>`;
  return out;
}

function initials(title: string): string {
  return title.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('');
}

export function artSvg(spec: ArtSpec): string {
  const { width: w, height: h } = spec;
  const rng = createRng(hashSeed(spec.kind, spec.title, spec.subtitle ?? ''));
  const p = PALETTES[hashSeed(spec.kind, spec.title) % PALETTES.length] as [string, string, string];
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs(p)}`;
  const bg = `<rect width="${w}" height="${h}" fill="url(#g)"/>`;
  const gx = rng.int(w * 0.1, w * 0.9);
  const gy = rng.int(h * 0.1, h * 0.5);
  const gr = Math.round(Math.max(w, h) * 0.3);
  const glow = `<circle cx="${gx}" cy="${gy}" r="${gr}" fill="#fff" fill-opacity=".12"/><circle cx="${gx}" cy="${gy}" r="${Math.round(gr * 0.6)}" fill="#fff" fill-opacity=".12"/>`;
  switch (spec.kind) {
    case 'avatar':
      return `${open}${bg}${glow}${confetti(rng, w, h, p[2], 10)}<text x="${w / 2}" y="${h / 2 + w * 0.13}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(w * 0.38)}" font-weight="700" text-anchor="middle" fill="#fff">${esc(initials(spec.title))}</text></svg>`;
    case 'portrait':
      return `${open}${bg}${glow}${feathers(rng, w / 2, h * 0.55, h * 0.8, p[2])}`
        + `<ellipse cx="${w / 2}" cy="${h * 0.42}" rx="${w * 0.2}" ry="${h * 0.2}" fill="#8d5524"/>`
        + `<path d="M${w * 0.36} ${h * 0.38} q${w * 0.06} -${h * 0.06} ${w * 0.12} 0 M${w * 0.52} ${h * 0.38} q${w * 0.06} -${h * 0.06} ${w * 0.12} 0" stroke="${p[2]}" stroke-width="${w * 0.03}" fill="none" stroke-linecap="round"/>`
        + `${confetti(rng, w, h * 0.6, p[2], 30)}<rect width="${w}" height="${h}" fill="url(#shade)"/>${titleBlock(spec, 24, h - 24, 'start')}</svg>`;
    case 'dish':
      return `${open}<rect width="${w}" height="${h}" fill="${p[1]}"/>${glow}<circle cx="${w / 2}" cy="${h * 0.45}" r="${h * 0.36}" fill="#fafafa"/><circle cx="${w / 2}" cy="${h * 0.45}" r="${h * 0.27}" fill="#eee"/>`
        + `<ellipse cx="${w / 2 - rng.int(10, 35)}" cy="${h * 0.43}" rx="${h * (0.1 + rng.next() * 0.08)}" ry="${h * 0.11}" fill="${p[0]}"/>`
        + `<ellipse cx="${w / 2 + rng.int(15, 40)}" cy="${h * (0.4 + rng.next() * 0.12)}" rx="${h * 0.1}" ry="${h * 0.08}" fill="${p[2]}"/>${confetti(rng, w * 0.3, h * 0.25, '#3a5a40', 8).replace('<g ', `<g transform="translate(${w * 0.35} ${h * 0.3})" `)}`
        + `<rect width="${w}" height="${h}" fill="url(#shade)"/>${titleBlock({ ...spec, subtitle: undefined }, w / 2, h - 16, 'middle')}</svg>`;
    case 'product':
      return `${open}<rect width="${w}" height="${h}" fill="#fff5ec"/>${feathers(rng, w / 2, h * 0.55, h * 0.5, p[0])}<circle cx="${w / 2}" cy="${h * 0.36}" r="${w * 0.24}" fill="url(#g)"/>`
        + `<path d="M${w / 2} ${h * 0.2} l${w * 0.08} ${h * 0.16} l-${w * 0.08} ${h * 0.16} l-${w * 0.08} -${h * 0.16}z" fill="#fff" fill-opacity=".85"/>${confetti(rng, w, h * 0.6, p[2], 18)}`
        + `${titleBlock(spec, w / 2, h - 30, 'middle', '#222')}</svg>`;
    case 'logo':
      return `${open}<rect width="${w}" height="${h}" rx="${h / 2}" fill="#ffffff"/><circle cx="${h / 2}" cy="${h / 2}" r="${h * 0.32}" fill="url(#g)"/>`
        + `<text x="${h / 2}" y="${h / 2 + h * 0.12}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(h * 0.32)}" font-weight="700" text-anchor="middle" fill="#fff">${esc(initials(spec.title))}</text>`
        + `<text x="${h * 0.95}" y="${h / 2 + h * 0.1}" font-family="DejaVu Sans, sans-serif" font-size="${fontFor(spec.title, w - h * 1.1, Math.round(h * 0.28))}" font-weight="700" fill="#222">${esc(spec.title)}</text></svg>`;
    case 'banner':
    case 'scene':
      return `${open}${bg}${glow}${feathers(rng, rng.int(w * 0.55, w * 0.85), h * 0.75, h * 0.9, p[2])}${confetti(rng, w, h, p[2], spec.kind === 'scene' ? 40 : 20)}`
        + `<path d="M0 ${h * 0.8} Q${w * 0.25} ${h * 0.68} ${w / 2} ${h * 0.8} T${w} ${h * 0.8} V${h} H0Z" fill="#000" fill-opacity=".2"/><rect width="${w}" height="${h}" fill="url(#shade)"/>`
        + `${titleBlock(spec, 32, h - 28, 'start')}</svg>`;
  }
}
