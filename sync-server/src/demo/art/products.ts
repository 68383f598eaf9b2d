// Fete Marqet products: one object per market category, centred on a pale backdrop. The object
// stays inside the middle 55% of the height, where both the 4:3 product card and the 16:10
// home card crop a square picture.
import { el, num } from './svg.ts';
import type { Draw } from './svg.ts';
import { confetti, fan, shuffled, sparkle } from './shapes.ts';
import { onLight } from './palettes.ts';

const WHITE = '#ffffff';
const GOLD = '#f2c230';

export const PRODUCT_MOTIFS = ['costume', 'swimwear', 'accessory', 'footwear', 'makeup', 'jewelry', 'festival-wear', 'tank', 'crop-top', 'monday-wear'] as const;
export type ProductMotif = (typeof PRODUCT_MOTIFS)[number];

/** Maps a path written in a unit box (x and y in -1..1, absolute M/L/Q/C/Z only) onto the canvas. */
export function unitPath(path: string, cx: number, cy: number, s: number): string {
  let even = true;
  return path.replace(/-?\d*\.?\d+/g, (n) => {
    const v = Number(n);
    const out = num(even ? cx + v * s : cy + v * s);
    even = !even;
    return out;
  });
}

const GARMENTS = {
  tank: 'M-0.45 -0.95L-0.22 -0.95Q0 -0.6 0.22 -0.95L0.45 -0.95Q0.45 -0.6 0.62 -0.45L0.62 0.95L-0.62 0.95L-0.62 -0.45Q-0.45 -0.6 -0.45 -0.95Z',
  crop: 'M-0.45 -0.75L-0.22 -0.75Q0 -0.4 0.22 -0.75L0.45 -0.75Q0.45 -0.4 0.62 -0.25L0.62 0.3Q0 0.42 -0.62 0.3L-0.62 -0.25Q-0.45 -0.4 -0.45 -0.75Z',
  tee: 'M-0.3 -0.95Q0 -0.75 0.3 -0.95L0.75 -0.75L0.98 -0.3L0.72 -0.18L0.62 -0.35L0.62 0.95L-0.62 0.95L-0.62 -0.35L-0.72 -0.18L-0.98 -0.3L-0.75 -0.75Z',
  shorts: 'M-0.65 -0.6L0.65 -0.6L0.78 0.55L0.1 0.62L0 0L-0.1 0.62L-0.78 0.55Z',
  skirt: 'M-0.5 -0.6L0.5 -0.6L0.85 0.7Q0 0.85 -0.85 0.7Z',
  bikiniTop: 'M-0.04 -0.35L-0.62 0.05Q-0.35 0.22 -0.06 0.1ZM0.04 -0.35L0.62 0.05Q0.35 0.22 0.06 0.1Z',
  bikiniBottom: 'M-0.6 0.35L0.6 0.35Q0.22 0.52 0.1 0.9L-0.1 0.9Q-0.22 0.52 -0.6 0.35Z',
  sneaker: 'M-0.9 0.3L-0.86 -0.05Q-0.7 -0.15 -0.45 -0.2L-0.28 -0.5L0.12 -0.5Q0.22 -0.18 0.55 -0.1Q0.92 0 0.95 0.3Z',
  boot: 'M-0.42 -0.95L0.22 -0.95L0.26 0Q0.82 0.06 0.86 0.32L-0.46 0.32Z',
} as const;

/** A garment with a pattern clipped inside it. */
function garment(d: Draw, shape: keyof typeof GARMENTS, cx: number, cy: number, s: number, base: string, trim: string, pattern: 'stripes' | 'dots' | 'band' | 'sequins'): string {
  const path = unitPath(GARMENTS[shape], cx, cy, s);
  const clip = d.def((id) => el('clipPath', { id }, el('path', { d: path })));
  let inner = '';
  if (pattern === 'stripes') for (let y = cy - s; y < cy + s; y += s * 0.24) inner += el('rect', { x: cx - s, y, width: s * 2, height: s * 0.09, fill: trim });
  else if (pattern === 'band') inner += el('rect', { x: cx - s, y: cy - s * 0.05, width: s * 2, height: s * 0.22, fill: trim }) + el('rect', { x: cx - s, y: cy + s * 0.22, width: s * 2, height: s * 0.06, fill: WHITE, 'fill-opacity': 0.8 });
  else {
    const step = s * (pattern === 'dots' ? 0.2 : 0.1);
    for (let y = cy - s, row = 0; y < cy + s; y += step, row++) {
      for (let x = cx - s + (row % 2 ? step / 2 : 0); x < cx + s; x += step) inner += el('circle', { cx: x, cy: y, r: step * (pattern === 'dots' ? 0.22 : 0.38), fill: pattern === 'sequins' && d.rng.bool(0.3) ? WHITE : trim, 'fill-opacity': pattern === 'sequins' ? 0.7 : 1 });
    }
  }
  return el('path', { d: path, fill: base }) + el('g', { 'clip-path': `url(#${clip})` }, inner) + el('path', { d: path, fill: 'none', stroke: '#000000', 'stroke-opacity': 0.15, 'stroke-width': s * 0.02 });
}

function gemRow(points: ReadonlyArray<readonly [number, number]>, r: number, colours: readonly string[]): string {
  return points.map(([x, y], i) => el('circle', { cx: x, cy: y, r: r * (i % 2 ? 0.7 : 1), fill: colours[i % colours.length] as string })).join('');
}

function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, n: number): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => {
    const a = from + ((to - from) * i) / Math.max(1, n - 1);
    return [cx + Math.cos(a) * rx, cy + Math.sin(a) * ry] as [number, number];
  });
}

export function product(d: Draw, motif: ProductMotif): string {
  const { w, h, u, rng, p } = d;
  const [c0, c1, c2] = shuffled(rng, onLight(p)) as [string, string, string];
  const cx = w / 2;
  const cy = h / 2;
  const s = u * 0.27;
  let out = el('rect', { width: w, height: h, fill: p.pale });
  out += el('circle', { cx, cy, r: u * 0.34, fill: c0, 'fill-opacity': 0.14 });
  out += el('ellipse', { cx, cy: cy + s * 1.12, rx: s * 0.95, ry: s * 0.1, fill: '#000000', 'fill-opacity': 0.12 });
  out += confetti(d, { x: 0, y: 0, w, h }, 16, [c0, c1, c2], u * 0.01, 0.6);
  const pattern = rng.pick(['stripes', 'dots', 'band', 'sequins'] as const);
  const variant = rng.int(0, 2);
  switch (motif) {
    case 'costume':
      if (variant === 2) {
        // J'ouvert devil mas: horns, tail and fork.
        out += el('path', { d: unitPath('M-0.5 -0.2Q-0.75 -0.7 -0.35 -0.95Q-0.5 -0.6 -0.25 -0.25ZM0.5 -0.2Q0.75 -0.7 0.35 -0.95Q0.5 -0.6 0.25 -0.25Z', cx, cy, s), fill: '#d62828' });
        out += el('rect', { x: cx - s * 0.55, y: cy - s * 0.3, width: s * 1.1, height: s * 0.16, rx: s * 0.08, fill: '#1b1b1b' });
        out += el('path', { d: unitPath('M0.7 0.95L0.7 -0.1M0.5 -0.1L0.9 -0.1M0.5 -0.1L0.5 -0.35M0.7 -0.1L0.7 -0.4M0.9 -0.1L0.9 -0.35', cx, cy, s), stroke: '#1b1b1b', 'stroke-width': s * 0.06, 'stroke-linecap': 'round', fill: 'none' });
        out += el('path', { d: unitPath('M-0.7 0.9Q-0.2 0.5 -0.6 0.2Q-0.95 -0.05 -0.55 -0.05', cx, cy, s), stroke: '#d62828', 'stroke-width': s * 0.06, fill: 'none', 'stroke-linecap': 'round' });
        out += el('path', { d: unitPath('M-0.55 -0.05L-0.4 -0.16L-0.42 0.06Z', cx, cy, s), fill: '#d62828' });
      } else {
        out += fan(cx, cy + s * 0.4, s * 1.25, { count: 13, from: -80, to: 80, colours: [c0, c1], eyes: [c2] });
        out += garment(d, 'bikiniTop', cx, cy + s * 0.15, s * 0.7, c2, GOLD, 'sequins');
        out += gemRow(arc(cx, cy + s * 0.05, s * 0.5, s * 0.3, Math.PI * 0.1, Math.PI * 0.9, 9), s * 0.05, [WHITE, GOLD]);
      }
      break;
    case 'swimwear':
      if (variant === 2) out += garment(d, 'tank', cx, cy, s, c0, c1, pattern);
      else out += garment(d, 'bikiniTop', cx, cy - s * 0.35, s * 1.1, c0, c1, pattern) + garment(d, 'bikiniBottom', cx, cy - s * 0.05, s * 1.05, c0, c1, pattern);
      out += el('path', { d: unitPath('M-0.65 -0.3L-0.95 -0.3M0.65 -0.3L0.95 -0.3', cx, cy, s), stroke: c0, 'stroke-width': s * 0.03 });
      break;
    case 'accessory':
      if (variant === 0) {
        // A jewelled collar.
        out += el('path', { d: unitPath('M-0.95 -0.45Q0 0.9 0.95 -0.45L0.6 -0.45Q0 0.35 -0.6 -0.45Z', cx, cy, s), fill: c0 });
        out += gemRow(arc(cx, cy - s * 0.45, s * 0.78, s * 0.95, Math.PI * 0.12, Math.PI * 0.88, 13), s * 0.07, [WHITE, GOLD, c1]);
      } else if (variant === 1) {
        // Feather armbands, a pair.
        for (const side of [-1, 1]) {
          out += fan(cx + side * s * 0.5, cy + s * 0.1, s * 0.55, { count: 14, from: -170, to: 170, colours: [c0, c1, c2], width: 0.2 });
          out += el('circle', { cx: cx + side * s * 0.5, cy: cy + s * 0.1, r: s * 0.22, fill: GOLD }) + el('circle', { cx: cx + side * s * 0.5, cy: cy + s * 0.1, r: s * 0.14, fill: p.pale });
        }
      } else {
        // A carnival rag, mid-wave.
        out += el('path', { d: unitPath('M-0.8 -0.7Q-0.2 -0.95 0.3 -0.7Q0.6 -0.55 0.85 -0.75L0.8 0.55Q0.5 0.75 0.2 0.6Q-0.3 0.35 -0.75 0.6Z', cx, cy, s), fill: c0 });
        out += el('path', { d: unitPath('M-0.75 -0.2Q-0.2 -0.45 0.3 -0.2Q0.55 -0.08 0.82 -0.25', cx, cy, s), stroke: WHITE, 'stroke-width': s * 0.12, fill: 'none' });
      }
      break;
    case 'footwear':
      if (variant === 0) {
        out += el('path', { d: unitPath(GARMENTS.boot, cx, cy, s), fill: c0 });
        for (let i = 0; i < 12; i++) out += el('circle', { cx: cx + s * (-0.35 + rng.next() * 0.55), cy: cy + s * (-0.85 + rng.next() * 1.05), r: s * 0.05, fill: rng.pick([WHITE, GOLD, c1]) });
        out += el('rect', { x: cx - s * 0.5, y: cy + s * 0.32, width: s * 1.4, height: s * 0.14, rx: s * 0.05, fill: '#2b2b33' });
      } else {
        out += el('path', { d: unitPath(GARMENTS.sneaker, cx, cy, s), fill: variant === 1 ? WHITE : c0, stroke: '#000000', 'stroke-opacity': 0.15, 'stroke-width': s * 0.02 });
        out += el('path', { d: unitPath('M-0.5 -0.1Q0 0.1 0.5 0.05L0.9 0.2', cx, cy, s), stroke: c1, 'stroke-width': s * 0.1, fill: 'none', 'stroke-linecap': 'round' });
        out += el('path', { d: unitPath('M-0.2 -0.42L0 -0.3M-0.1 -0.32L0.1 -0.2M0 -0.22L0.2 -0.12', cx, cy, s), stroke: c2, 'stroke-width': s * 0.04, 'stroke-linecap': 'round' });
        out += el('rect', { x: cx - s * 0.92, y: cy + s * 0.3, width: s * 1.9, height: s * 0.16, rx: s * 0.07, fill: variant === 1 ? c2 : WHITE });
      }
      break;
    case 'makeup':
      if (variant === 0) {
        // An eyeshadow palette and a brush.
        out += el('rect', { x: cx - s * 0.95, y: cy - s * 0.65, width: s * 1.9, height: s * 1.3, rx: s * 0.12, fill: '#1f1a24' });
        const shades = [c0, c1, c2, '#d4a373', '#9c6644', '#e5989b', GOLD, '#6d597a', '#b5838d', '#f4acb7', '#774936', '#ffcdb2'];
        for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) out += el('circle', { cx: cx + s * (-0.64 + c * 0.43), cy: cy + s * (-0.38 + r * 0.38), r: s * 0.16, fill: shades[(r * 4 + c) % shades.length] as string });
        out += el('path', { d: unitPath('M0.3 0.95L0.95 0.35', cx, cy, s), stroke: '#2b2b33', 'stroke-width': s * 0.09, 'stroke-linecap': 'round' }) + el('circle', { cx: cx + s * 0.27, cy: cy + s * 0.98, r: s * 0.1, fill: '#e5989b' });
      } else if (variant === 1) {
        // Setting spray.
        out += el('rect', { x: cx - s * 0.35, y: cy - s * 0.45, width: s * 0.7, height: s * 1.4, rx: s * 0.14, fill: c0 }) + el('rect', { x: cx - s * 0.2, y: cy - s * 0.75, width: s * 0.4, height: s * 0.32, rx: s * 0.05, fill: '#2b2b33' });
        out += el('rect', { x: cx - s * 0.25, y: cy - s * 0.05, width: s * 0.5, height: s * 0.6, rx: s * 0.06, fill: WHITE, 'fill-opacity': 0.85 }) + el('circle', { cx, cy: cy + s * 0.25, r: s * 0.13, fill: c1 });
        for (let i = 0; i < 10; i++) out += el('circle', { cx: cx + s * (0.35 + rng.next() * 0.6), cy: cy - s * (0.55 + (rng.next() - 0.5) * 0.5), r: s * 0.025, fill: c2 });
      } else {
        // A jar of body glitter.
        out += el('rect', { x: cx - s * 0.6, y: cy - s * 0.35, width: s * 1.2, height: s * 1.25, rx: s * 0.2, fill: WHITE, 'fill-opacity': 0.7, stroke: '#c9ccd3', 'stroke-width': s * 0.03 });
        for (let i = 0; i < 70; i++) out += el('circle', { cx: cx + s * (-0.5 + rng.next()), cy: cy + s * (-0.1 + rng.next() * 0.9), r: s * (0.02 + rng.next() * 0.03), fill: rng.pick([c0, c1, GOLD, WHITE]) });
        out += el('rect', { x: cx - s * 0.65, y: cy - s * 0.62, width: s * 1.3, height: s * 0.3, rx: s * 0.08, fill: c0 });
      }
      out += sparkle(cx + s * 0.95, cy - s * 0.8, s * 0.15, GOLD);
      break;
    case 'jewelry':
      if (variant === 2) {
        // Face gems in a curve.
        const pts = arc(cx, cy + s * 0.5, s * 0.95, s * 1.1, Math.PI * 1.1, Math.PI * 1.9, 9);
        pts.forEach(([x, y], i) => {
          out += el('path', { d: `M${num(x)} ${num(y - s * 0.14)}L${num(x + s * 0.1)} ${num(y)}L${num(x)} ${num(y + s * 0.14)}L${num(x - s * 0.1)} ${num(y)}Z`, fill: [c0, c1, c2, WHITE][i % 4] as string });
        });
        out += gemRow(arc(cx, cy + s * 0.5, s * 0.7, s * 0.8, Math.PI * 1.15, Math.PI * 1.85, 7), s * 0.06, [WHITE, GOLD]);
      } else {
        // A chain in drooping loops with coins.
        for (let k = 0; k < 3; k++) {
          const pts = arc(cx, cy - s * 0.6 + k * s * 0.05, s * (0.95 - k * 0.1), s * (0.6 + k * 0.35), Math.PI * 0.05, Math.PI * 0.95, 24);
          out += gemRow(pts, s * 0.035, [GOLD, '#d4a017']);
          if (k === 2) for (const [x, y] of pts.filter((_, i) => i % 4 === 2)) out += el('circle', { cx: x, cy: y + s * 0.1, r: s * 0.07, fill: GOLD, stroke: '#b8860b', 'stroke-width': s * 0.015 });
        }
        out += el('circle', { cx, cy: cy + s * 0.6, r: s * 0.1, fill: c0 });
      }
      break;
    case 'festival-wear':
      if (variant === 0) {
        out += garment(d, 'skirt', cx, cy, s, c0, c1, pattern === 'band' ? 'stripes' : pattern);
        let fringe = '';
        for (let i = 0; i <= 16; i++) {
          const x = cx + s * (-0.82 + (1.64 * i) / 16);
          fringe += `M${num(x)} ${num(cy + s * 0.72)}v${num(s * (0.18 + rng.next() * 0.1))}`;
        }
        out += el('path', { d: fringe, stroke: c1, 'stroke-width': s * 0.035, 'stroke-linecap': 'round' });
      } else {
        out += garment(d, 'shorts', cx, cy, s, c0, GOLD, 'sequins') + el('rect', { x: cx - s * 0.66, y: cy - s * 0.62, width: s * 1.32, height: s * 0.14, fill: c1 });
      }
      break;
    case 'tank':
      out += garment(d, 'tank', cx, cy, s, variant === 0 ? WHITE : c0, c1, pattern === 'sequins' ? 'band' : pattern);
      break;
    case 'crop-top':
      out += garment(d, 'crop', cx, cy + s * 0.12, s * 1.25, c0, variant === 0 ? WHITE : c1, pattern);
      break;
    case 'monday-wear':
      if (variant === 2) out += garment(d, 'crop', cx, cy - s * 0.45, s * 0.62, c0, GOLD, 'sequins') + garment(d, 'shorts', cx, cy + s * 0.45, s * 0.6, c0, GOLD, 'sequins');
      else {
        out += garment(d, 'tee', cx, cy, s, c0, c1, 'band');
        out += el('path', { d: unitPath('M0.75 -0.75L0.98 -0.3M-0.75 -0.75L-0.98 -0.3', cx, cy, s), stroke: c2, 'stroke-width': s * 0.08 });
      }
      break;
  }
  return out;
}
