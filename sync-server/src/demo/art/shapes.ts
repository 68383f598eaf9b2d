// Shapes the motifs share: feathers, confetti, sparkles, the sun, palms, bunting, crowds,
// masqueraders and madras. Callers give positions and sizes in canvas pixels, usually as
// shares of the shorter side, so a shape keeps its proportions on any canvas.
import { el, linear, num, poly, radial } from './svg.ts';
import type { Draw } from './svg.ts';
import type { Rng } from '../../../../tests/fixtures/random.ts';

/** The list in a seeded random order (Fisher-Yates). */
export function shuffled<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A feather pointing up from (0, 0), `len` long, with an optional eye near its tip. */
function feather(len: number, half: number, colour: string, eye?: string): string {
  const body = el('path', {
    d: `M0 0C${num(-half)} ${num(-len * 0.25)} ${num(-half * 1.1)} ${num(-len * 0.75)} 0 ${num(-len)}C${num(half * 1.1)} ${num(-len * 0.75)} ${num(half)} ${num(-len * 0.25)} 0 0Z`,
    fill: colour,
  });
  if (!eye) return body;
  return body + el('ellipse', { cx: 0, cy: -len * 0.8, rx: half * 0.45, ry: half * 0.65, fill: eye }) + el('circle', { cx: 0, cy: -len * 0.8, r: half * 0.22, fill: colour });
}

export interface FanOptions {
  count: number;
  /** Degrees from straight up: negative leans left. */
  from: number;
  to: number;
  colours: readonly string[];
  eyes?: readonly string[];
  /** Feather width as a share of its length. */
  width?: number;
  opacity?: number;
}

/** A fan of feathers from one point: a backpiece, a headpiece, a pair of wings. */
export function fan(cx: number, cy: number, r: number, o: FanOptions): string {
  let out = '';
  for (let i = 0; i < o.count; i++) {
    const a = o.count === 1 ? o.from : o.from + ((o.to - o.from) * i) / (o.count - 1);
    const colour = o.colours[i % o.colours.length] as string;
    const eye = o.eyes ? (o.eyes[i % o.eyes.length] as string) : undefined;
    out += el('g', { transform: `translate(${num(cx)} ${num(cy)}) rotate(${num(a)})` }, feather(r, r * (o.width ?? 0.16), colour, eye));
  }
  return el('g', { 'fill-opacity': o.opacity }, out);
}

/** Dots scattered over a box; `size` is the largest radius. */
export function confetti(d: Draw, box: { x: number; y: number; w: number; h: number }, count: number, colours: readonly string[], size: number, opacity = 0.85): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += el('circle', { cx: box.x + d.rng.next() * box.w, cy: box.y + d.rng.next() * box.h, r: size * (0.3 + d.rng.next() * 0.7), fill: d.rng.pick(colours) });
  }
  return el('g', { 'fill-opacity': opacity }, out);
}

/** A four-pointed glint. */
export function sparkle(x: number, y: number, r: number, colour: string): string {
  const k = r * 0.18;
  return el('path', { d: `M${num(x)} ${num(y - r)}Q${num(x + k)} ${num(y - k)} ${num(x + r)} ${num(y)}Q${num(x + k)} ${num(y + k)} ${num(x)} ${num(y + r)}Q${num(x - k)} ${num(y + k)} ${num(x - r)} ${num(y)}Q${num(x - k)} ${num(y - k)} ${num(x)} ${num(y - r)}Z`, fill: colour });
}

export function sparkles(d: Draw, box: { x: number; y: number; w: number; h: number }, count: number, colour: string, size: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += sparkle(box.x + d.rng.next() * box.w, box.y + d.rng.next() * box.h, size * (0.4 + d.rng.next() * 0.6), colour);
  return out;
}

/** A glowing disc. */
export function sun(d: Draw, cx: number, cy: number, r: number, colour: string): string {
  return el('circle', { cx, cy, r: r * 2.2, fill: radial(d, [colour, colour], [0.45, 0]) }) + el('circle', { cx, cy, r, fill: colour });
}

/** The whole canvas in one vertical gradient. */
export function backdrop(d: Draw, top: string, bottom: string): string {
  return el('rect', { width: d.w, height: d.h, fill: linear(d, [top, bottom]) });
}

/** A rolling horizon line, filled below. */
export function hills(d: Draw, y: number, amplitude: number, colour: string, opacity = 1): string {
  const n = 4 + d.rng.int(0, 3);
  const step = d.w / n;
  let path = `M0 ${num(y + d.rng.next() * amplitude)}`;
  for (let i = 1; i <= n; i++) path += `Q${num(step * (i - 0.5))} ${num(y - amplitude * (0.4 + d.rng.next()))} ${num(step * i)} ${num(y + d.rng.next() * amplitude * 0.5)}`;
  return el('path', { d: `${path}V${num(d.h)}H0Z`, fill: colour, 'fill-opacity': opacity });
}

/** Gentle waves: a filled band whose top edge undulates. */
export function waves(d: Draw, y: number, amplitude: number, length: number, colour: string, opacity = 1): string {
  const n = Math.ceil(d.w / length) + 1;
  let path = `M0 ${num(y)}`;
  for (let i = 0; i < n; i++) path += `q${num(length / 4)} ${num(-amplitude)} ${num(length / 2)} 0t${num(length / 2)} 0`;
  return el('path', { d: `${path}V${num(d.h)}H0Z`, fill: colour, 'fill-opacity': opacity });
}

function onCurve(p0: [number, number], p1: [number, number], p2: [number, number], t: number): [number, number] {
  const a = (1 - t) * (1 - t);
  const b = 2 * (1 - t) * t;
  const c = t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]];
}

/** Triangle flags on a sagging string from edge to edge. */
export function bunting(d: Draw, y0: number, y1: number, sag: number, colours: readonly string[], size: number): string {
  const p0: [number, number] = [-size, y0];
  const p1: [number, number] = [d.w / 2, (y0 + y1) / 2 + sag * 2];
  const p2: [number, number] = [d.w + size, y1];
  const n = Math.max(6, Math.round(d.w / (size * 1.6)));
  let flags = '';
  for (let i = 0; i <= n; i++) {
    const [x, y] = onCurve(p0, p1, p2, i / n);
    flags += el('path', { d: poly([[x - size * 0.5, y], [x + size * 0.5, y], [x, y + size * 1.1]]), fill: colours[i % colours.length] });
  }
  const string = el('path', { d: `M${num(p0[0])} ${num(p0[1])}Q${num(p1[0])} ${num(p1[1])} ${num(p2[0])} ${num(p2[1])}`, stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': Math.max(1, size * 0.06), fill: 'none' });
  return string + flags;
}

/** Bulbs on a wire sagging from (x0, y0) to (x1, y1). */
export function stringLights(_d: Draw, [x0, y0]: readonly [number, number], [x1, y1]: readonly [number, number], sag: number, colours: readonly string[], bulb: number): string {
  const p0: [number, number] = [x0, y0];
  const p1: [number, number] = [(x0 + x1) / 2, (y0 + y1) / 2 + sag * 2];
  const p2: [number, number] = [x1, y1];
  const n = Math.max(8, Math.round((x1 - x0) / (bulb * 6)));
  let out = el('path', { d: `M${num(x0)} ${num(y0)}Q${num(p1[0])} ${num(p1[1])} ${num(x1)} ${num(y1)}`, stroke: '#1b1b1b', 'stroke-opacity': 0.5, 'stroke-width': Math.max(1, bulb * 0.2), fill: 'none' });
  let glow = '';
  for (let i = 1; i < n; i++) {
    const [x, y] = onCurve(p0, p1, p2, i / n);
    const c = colours[i % colours.length] as string;
    glow += el('circle', { cx: x, cy: y + bulb, r: bulb * 2.4, fill: c });
    out += el('circle', { cx: x, cy: y + bulb, r: bulb, fill: c });
  }
  return el('g', { 'fill-opacity': 0.22 }, glow) + out;
}

/** A palm tree silhouette rooted at (x, ground), leaning by `lean` (a share of its height). */
export function palm(d: Draw, x: number, ground: number, height: number, lean: number, colour: string): string {
  const tx = x + height * lean;
  const ty = ground - height;
  const t = height * 0.035;
  const trunk = el('path', {
    d: `M${num(x - t * 1.6)} ${num(ground)}Q${num(x + height * lean * 0.2)} ${num(ground - height * 0.5)} ${num(tx - t * 0.6)} ${num(ty)}L${num(tx + t * 0.6)} ${num(ty)}Q${num(x + height * lean * 0.2 + t * 2)} ${num(ground - height * 0.5)} ${num(x + t * 1.6)} ${num(ground)}Z`,
    fill: colour,
  });
  let fronds = '';
  const n = 7;
  for (let i = 0; i < n; i++) {
    const a = -Math.PI + (Math.PI * i) / (n - 1) + (d.rng.next() - 0.5) * 0.3;
    const len = height * (0.42 + d.rng.next() * 0.12);
    const ex = tx + Math.cos(a) * len;
    const ey = ty + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = tx + Math.cos(a) * len * 0.55;
    const my = ty + Math.sin(a) * len * 0.75 - len * 0.08;
    fronds += el('path', { d: `M${num(tx)} ${num(ty)}Q${num(mx)} ${num(my - len * 0.1)} ${num(ex)} ${num(ey)}Q${num(mx)} ${num(my + len * 0.12)} ${num(tx)} ${num(ty)}Z`, fill: colour });
  }
  return trunk + fronds + el('circle', { cx: tx, cy: ty, r: t * 1.6, fill: colour });
}

/** Heads and shoulders along a baseline, some with arms up and a rag in hand. */
export function crowd(d: Draw, baseline: number, head: number, colour: string, rags: readonly string[], armsUp = 0.35): string {
  const spacing = head * 4.2;
  const n = Math.ceil(d.w / spacing) + 1;
  let bodies = '';
  let arms = '';
  let flags = '';
  for (let i = 0; i < n; i++) {
    const x = (i - 0.3 + d.rng.next() * 0.6) * spacing;
    const y = baseline - d.rng.next() * head * 0.8;
    const r = head * (0.85 + d.rng.next() * 0.3);
    bodies += el('path', { d: `M${num(x - r * 2.3)} ${num(y + r * 3)}L${num(x - r * 2)} ${num(y - r * 1.1)}Q${num(x)} ${num(y - r * 2.4)} ${num(x + r * 2)} ${num(y - r * 1.1)}L${num(x + r * 2.3)} ${num(y + r * 3)}Z` });
    bodies += el('circle', { cx: x, cy: y - r * 2.6, r });
    if (d.rng.bool(armsUp)) {
      const side = d.rng.bool() ? 1 : -1;
      const hx = x + side * r * (1.8 + d.rng.next());
      const hy = y - r * (5.2 + d.rng.next());
      arms += `M${num(x + side * r * 1.5)} ${num(y - r * 1.4)}L${num(hx)} ${num(hy)}`;
      if (rags.length) flags += el('path', { d: poly([[hx, hy - r * 0.4], [hx + side * r * 2.2, hy - r * 1.1], [hx + side * r * 2.4, hy + r * 0.6], [hx + side * r * 0.2, hy + r * 0.9]]), fill: d.rng.pick(rags) });
    }
  }
  return el('g', { fill: colour }, bodies) + el('path', { d: arms || 'M0 0', stroke: colour, 'stroke-width': head * 0.7, 'stroke-linecap': 'round', fill: 'none' }) + flags;
}

export interface MaskerOptions {
  /** Body colour: a silhouette colour, or a skin tone. */
  body: string;
  costume: readonly string[];
  /** Backpiece radius as a share of the figure's height (0 for none). */
  backpiece?: number;
  feathers?: number;
}

/** A masquerader with arms up, feet on `ground`, `s` tall (to the top of the head). */
export function masker(d: Draw, x: number, ground: number, s: number, o: MaskerOptions): string {
  const c = o.costume;
  const at = (dx: number, dy: number): [number, number] => [x + dx * s, ground - dy * s];
  const back = o.backpiece ?? 0.75;
  let out = '';
  if (back > 0) {
    const n = o.feathers ?? 9 + 2 * d.rng.int(0, 2);
    const spread = 70 + d.rng.int(0, 20);
    out += fan(x, ground - 0.68 * s, back * s, { count: n, from: -spread, to: spread, colours: c, eyes: [c[(1 + d.rng.int(0, 2)) % c.length] as string] });
  }
  const pt = (dx: number, dy: number) => `${num(x + dx * s)} ${num(ground - dy * s)}`;
  const reachL = 0.17 + d.rng.next() * 0.06;
  const reachR = 0.17 + d.rng.next() * 0.06;
  const arms = `M${pt(-0.075, 0.76)}Q${pt(-reachL - 0.03, 0.85)} ${pt(-reachL, 1.08)}M${pt(0.075, 0.76)}Q${pt(reachR + 0.03, 0.85)} ${pt(reachR, 1.08)}`;
  out += el('path', { d: arms, stroke: o.body, 'stroke-width': s * 0.035, 'stroke-linecap': 'round', fill: 'none' });
  out += el('path', {
    d: poly([at(-0.085, 0.79), at(-0.05, 0.61), at(-0.078, 0.5), at(-0.062, 0), at(-0.024, 0), at(0, 0.4), at(0.024, 0), at(0.062, 0), at(0.078, 0.5), at(0.05, 0.61), at(0.085, 0.79), at(0.022, 0.83), at(-0.022, 0.83)]),
    fill: o.body,
  });
  out += el('circle', { cx: x, cy: ground - 0.89 * s, r: 0.062 * s, fill: o.body });
  // The costume: bra, belt and a headpiece.
  out += el('circle', { cx: x - 0.034 * s, cy: ground - 0.71 * s, r: 0.03 * s, fill: c[0] }) + el('circle', { cx: x + 0.034 * s, cy: ground - 0.71 * s, r: 0.03 * s, fill: c[0] });
  out += el('path', { d: poly([at(-0.08, 0.53), at(0.08, 0.53), at(0, 0.43)]), fill: c[1 % c.length] });
  out += fan(x, ground - 0.93 * s, 0.2 * s, { count: 5, from: -40, to: 40, colours: [c[2 % c.length] as string, c[0] as string], width: 0.2 });
  return out;
}

/** Madras plaid, the Caribbean's tablecloth: crossing bands of colour over a base. */
export function madras(d: Draw, base: string, bands: readonly string[], period: number): string {
  let out = el('rect', { width: d.w, height: d.h, fill: base });
  let stripes = '';
  const offset = d.rng.next() * period;
  for (let y = -offset, i = 0; y < d.h; y += period / 2, i++) stripes += el('rect', { x: 0, y, width: d.w, height: period * (i % 2 ? 0.12 : 0.3), fill: bands[i % bands.length] });
  for (let x = -offset, i = 0; x < d.w; x += period / 2, i++) stripes += el('rect', { x, y: 0, width: period * (i % 2 ? 0.12 : 0.3), height: d.h, fill: bands[(i + 1) % bands.length] });
  out += el('g', { 'fill-opacity': 0.45 }, stripes);
  return out;
}

/** Soft round lights out of focus. */
export function bokeh(d: Draw, box: { x: number; y: number; w: number; h: number }, count: number, colours: readonly string[], size: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += el('circle', { cx: box.x + d.rng.next() * box.w, cy: box.y + d.rng.next() * box.h, r: size * (0.4 + d.rng.next() * 0.6), fill: d.rng.pick(colours), 'fill-opacity': 0.15 + d.rng.next() * 0.35 });
  }
  return out;
}
