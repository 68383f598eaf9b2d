// Dishes seen from above, for menus and for the table spreads of Fete Eats. Food keeps its
// real colours; the palette dresses the table.
import { el, num, poly, radial } from './svg.ts';
import type { Draw } from './svg.ts';
import { madras } from './shapes.ts';

const WHITE = '#ffffff';
export const PLATE = '#fbfaf7';
const SHADOW = '#000000';

function shadow(cx: number, cy: number, r: number): string {
  return el('circle', { cx: cx + r * 0.05, cy: cy + r * 0.07, r: r * 1.02, fill: SHADOW, 'fill-opacity': 0.18 });
}

function plate(cx: number, cy: number, r: number, rim: string): string {
  return shadow(cx, cy, r) + el('circle', { cx, cy, r, fill: PLATE }) + el('circle', { cx, cy, r: r * 0.93, fill: 'none', stroke: rim, 'stroke-width': r * 0.03 }) + el('circle', { cx, cy, r: r * 0.72, fill: '#f1eee8' });
}

/** A blob: a closed curve through points around a centre, each at its own distance. */
export function blob(d: Draw, cx: number, cy: number, r: number, colour: string, points = 7): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < points; i++) {
    const a = (Math.PI * 2 * i) / points;
    const k = r * (0.75 + d.rng.next() * 0.35);
    pts.push([cx + Math.cos(a) * k, cy + Math.sin(a) * k]);
  }
  // Midpoints as anchors and the points as controls give a smooth closed outline.
  const mid = (i: number): [number, number] => {
    const a = pts[i % points] as [number, number];
    const b = pts[(i + 1) % points] as [number, number];
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  let path = `M${num(mid(0)[0])} ${num(mid(0)[1])}`;
  for (let i = 1; i <= points; i++) {
    const c = pts[i % points] as [number, number];
    const m = mid(i);
    path += `Q${num(c[0])} ${num(c[1])} ${num(m[0])} ${num(m[1])}`;
  }
  return el('path', { d: `${path}Z`, fill: colour });
}

function scatter(d: Draw, cx: number, cy: number, r: number, count: number, size: number, colours: readonly string[]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = d.rng.next() * Math.PI * 2;
    const k = Math.sqrt(d.rng.next()) * r;
    out += el('circle', { cx: cx + Math.cos(a) * k, cy: cy + Math.sin(a) * k, r: size * (0.6 + d.rng.next() * 0.5), fill: d.rng.pick(colours) });
  }
  return out;
}

export function leaf(x: number, y: number, len: number, angle: number, colour: string): string {
  return el('path', { d: `M0 0Q${num(len * 0.5)} ${num(-len * 0.28)} ${num(len)} 0Q${num(len * 0.5)} ${num(len * 0.28)} 0 0Z`, fill: colour, transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})` });
}

function lime(cx: number, cy: number, r: number): string {
  return el('circle', { cx, cy, r, fill: '#6fa832' }) + el('circle', { cx, cy, r: r * 0.82, fill: '#cfe88a' }) + el('path', { d: `M${num(cx - r * 0.8)} ${num(cy)}H${num(cx + r * 0.8)}M${num(cx)} ${num(cy - r * 0.8)}V${num(cy + r * 0.8)}`, stroke: '#eef7cf', 'stroke-width': r * 0.08 });
}

/** Rice, a stew, greens and plantain. */
function meal(d: Draw, cx: number, cy: number, r: number, rim: string): string {
  const stews = ['#8a3b12', '#a44a1a', '#c0632b', '#6b2d14'];
  let out = plate(cx, cy, r, rim);
  const rice = d.rng.pick(['#f4ecd8', '#eac36a', '#b9783a']);
  out += blob(d, cx - r * 0.25, cy - r * 0.05, r * 0.36, rice) + scatter(d, cx - r * 0.25, cy - r * 0.05, r * 0.28, 14, r * 0.025, ['#fffaf0', '#d9c9a0', '#e07a36']);
  out += blob(d, cx + r * 0.22, cy - r * 0.18, r * 0.28, d.rng.pick(stews)) + scatter(d, cx + r * 0.22, cy - r * 0.18, r * 0.18, 5, r * 0.05, ['#e07a36', '#5a240d']);
  for (let i = 0; i < 3; i++) out += el('ellipse', { cx: cx + r * (0.1 + i * 0.13), cy: cy + r * (0.32 - i * 0.02), rx: r * 0.11, ry: r * 0.07, fill: '#f2b134', stroke: '#c77d1a', 'stroke-width': r * 0.015 });
  out += leaf(cx - r * 0.35, cy + r * 0.3, r * 0.3, -20, '#3f8f3a') + leaf(cx - r * 0.3, cy + r * 0.35, r * 0.26, 25, '#2f7031');
  return out;
}

/** Doubles: two bara with channa, on wax paper. */
export function wrap(d: Draw, cx: number, cy: number, r: number): string {
  let out = el('path', { d: poly([[cx - r, cy - r * 0.7], [cx + r * 0.9, cy - r * 0.95], [cx + r, cy + r * 0.75], [cx - r * 0.85, cy + r * 0.9]]), fill: '#f4efe1' });
  out += el('path', { d: poly([[cx - r, cy - r * 0.7], [cx + r * 0.9, cy - r * 0.95], [cx + r, cy + r * 0.75], [cx - r * 0.85, cy + r * 0.9]]), fill: 'none', stroke: '#d8cfb8', 'stroke-width': r * 0.02 });
  for (const [dx, dy] of [[-0.25, -0.05], [0.22, 0.08]] as const) {
    out += blob(d, cx + dx * r, cy + dy * r, r * 0.5, '#dba14f', 9) + blob(d, cx + dx * r, cy + dy * r, r * 0.34, '#d19a2a', 8);
    out += scatter(d, cx + dx * r, cy + dy * r, r * 0.3, 18, r * 0.035, ['#e8b82f', '#c98f1d', '#f0c84a']);
  }
  out += scatter(d, cx, cy, r * 0.5, 7, r * 0.03, ['#d62828', '#4c9a2a']);
  return out;
}

/** A soup or callaloo in a coloured bowl, with a spoon. */
function bowl(d: Draw, cx: number, cy: number, r: number, rim: string): string {
  const soups = ['#4f7f2a', '#d98a2b', '#c7a26b', '#b8452b'];
  const soup = d.rng.pick(soups);
  let out = shadow(cx, cy, r) + el('circle', { cx, cy, r, fill: rim }) + el('circle', { cx, cy, r: r * 0.8, fill: soup }) + el('circle', { cx: cx - r * 0.2, cy: cy - r * 0.2, r: r * 0.5, fill: radial(d, [WHITE, WHITE], [0.25, 0]) });
  out += scatter(d, cx, cy, r * 0.6, 9, r * 0.05, ['#f6f1e4', '#e63946', '#2d6a4f']);
  out += el('path', { d: `M${num(cx + r * 0.3)} ${num(cy + r * 0.15)}L${num(cx + r * 1.25)} ${num(cy + r * 0.85)}`, stroke: '#c9ccd3', 'stroke-width': r * 0.09, 'stroke-linecap': 'round' }) + el('ellipse', { cx: cx + r * 0.26, cy: cy + r * 0.1, rx: r * 0.16, ry: r * 0.11, fill: '#dfe2e8', transform: `rotate(37 ${num(cx + r * 0.26)} ${num(cy + r * 0.1)})` });
  return out;
}

/** A fried fish with lime and pepper sauce. */
function fish(d: Draw, cx: number, cy: number, r: number, rim: string): string {
  let out = plate(cx, cy, r, rim);
  const a = -15 + d.rng.next() * 30;
  out += el('g', { transform: `rotate(${num(a)} ${num(cx)} ${num(cy)})` },
    el('path', { d: poly([[cx + r * 0.35, cy], [cx + r * 0.65, cy - r * 0.22], [cx + r * 0.6, cy], [cx + r * 0.65, cy + r * 0.22]]), fill: '#b5651d' }),
    el('ellipse', { cx: cx - r * 0.05, cy, rx: r * 0.45, ry: r * 0.2, fill: '#c8792a' }),
    el('path', { d: `M${num(cx - r * 0.3)} ${num(cy - r * 0.12)}Q${num(cx - r * 0.2)} ${num(cy)} ${num(cx - r * 0.3)} ${num(cy + r * 0.12)}M${num(cx)} ${num(cy - r * 0.15)}L${num(cx + r * 0.25)} ${num(cy)}L${num(cx)} ${num(cy + r * 0.15)}`, stroke: '#8a4a14', 'stroke-width': r * 0.025, fill: 'none' }),
    el('circle', { cx: cx - r * 0.38, cy: cy - r * 0.05, r: r * 0.03, fill: '#3a1d08' }));
  out += lime(cx - r * 0.35, cy + r * 0.4, r * 0.14) + lime(cx - r * 0.1, cy + r * 0.48, r * 0.12);
  out += blob(d, cx + r * 0.35, cy + r * 0.38, r * 0.13, '#f2a516');
  return out;
}

/** Kurma sticks or coconut drops. */
function sweets(d: Draw, cx: number, cy: number, r: number, rim: string): string {
  let out = plate(cx, cy, r, rim);
  if (d.rng.bool()) {
    for (let i = 0; i < 9; i++) {
      const x = cx + (d.rng.next() - 0.5) * r * 0.9;
      const y = cy + (d.rng.next() - 0.5) * r * 0.9;
      out += el('rect', { x: -r * 0.18, y: -r * 0.04, width: r * 0.36, height: r * 0.08, rx: r * 0.04, fill: d.rng.pick(['#d9a05b', '#c98b45', '#e8b877']), transform: `translate(${num(x)} ${num(y)}) rotate(${num(d.rng.next() * 180)})` });
    }
  } else {
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI * 2 * i) / 6;
      out += blob(d, cx + Math.cos(a) * r * 0.38, cy + Math.sin(a) * r * 0.38, r * 0.16, '#8a5a2b', 6) + scatter(d, cx + Math.cos(a) * r * 0.38, cy + Math.sin(a) * r * 0.38, r * 0.1, 4, r * 0.02, ['#f5e6c8']);
    }
    out += blob(d, cx, cy, r * 0.16, '#8a5a2b', 6);
  }
  return out + scatter(d, cx, cy, r * 0.7, 10, r * 0.015, ['#e63946', '#ffd166', '#06d6a0']);
}

/** A drink from above: ice, a lime wheel and a straw. */
export function drink(d: Draw, cx: number, cy: number, r: number): string {
  const juice = d.rng.pick(['#8e1b2f', '#5a3320', '#f08a24', '#e9d8b4', '#c2185b']);
  let out = shadow(cx, cy, r) + el('circle', { cx, cy, r, fill: '#e8eef2', 'fill-opacity': 0.9 }) + el('circle', { cx, cy, r: r * 0.88, fill: juice });
  for (let i = 0; i < 4; i++) {
    const a = (Math.PI * 2 * i) / 4 + d.rng.next() * 0.6;
    const x = cx + Math.cos(a) * r * 0.4;
    const y = cy + Math.sin(a) * r * 0.4;
    out += el('rect', { x: x - r * 0.17, y: y - r * 0.17, width: r * 0.34, height: r * 0.34, rx: r * 0.06, fill: WHITE, 'fill-opacity': 0.45, transform: `rotate(${num(d.rng.next() * 90)} ${num(x)} ${num(y)})` });
  }
  out += lime(cx + r * 0.55, cy - r * 0.55, r * 0.32);
  out += el('path', { d: `M${num(cx)} ${num(cy)}L${num(cx - r * 1.2)} ${num(cy - r * 0.9)}`, stroke: d.rng.pick(['#ff006e', '#3a86ff', '#ffbe0b']), 'stroke-width': r * 0.12, 'stroke-linecap': 'round' });
  return out + el('circle', { cx: cx - r * 0.3, cy: cy + r * 0.3, r: r * 0.5, fill: radial(d, [WHITE, WHITE], [0.2, 0]) });
}

export const DISHES = { meal, wrap, bowl, fish, sweets, drink } as const;
export type DishMotif = keyof typeof DISHES;

export function table(d: Draw): string {
  const pale = d.p.pale;
  const pick = d.rng.next();
  if (pick < 0.6) return madras(d, d.p.accents[0] === WHITE ? pale : d.p.accents[0], [d.p.accents[1], d.p.accents[2], d.p.deep], d.u * 0.32);
  // Wooden boards, painted in the palette's pale tone.
  let out = el('rect', { width: d.w, height: d.h, fill: pale });
  const board = d.u * 0.16;
  for (let y = 0, i = 0; y < d.h; y += board, i++) out += el('rect', { x: 0, y, width: d.w, height: board - d.u * 0.006, fill: i % 2 ? d.p.accents[2] : d.p.accents[1], 'fill-opacity': 0.18 });
  return out;
}

/** One dish filling a small frame, for menus. */
export function dish(d: Draw, motif: DishMotif): string {
  const { w, h, u, p } = d;
  const r = u * 0.4;
  let out = table(d);
  if (motif === 'wrap') out += wrap(d, w / 2, h / 2, r * 0.95);
  else if (motif === 'drink') out += drink(d, w / 2, h / 2, r * 0.75);
  else out += DISHES[motif](d, w / 2, h / 2, r, p.accents[1]);
  out += leaf(w / 2 - r * 1.25, h / 2 - r * 0.8, r * 0.5, 200 + d.rng.next() * 40, '#3f8f3a');
  return out;
}

