// Event scenes, one per kind of event: the road, a fete at night, a concert stage, a beach
// party, a cruise and a festival. Each fills the whole canvas with its backdrop and keeps its
// subject in the middle, so the wide hero, the 16:10 card, the 4:3 row and the 2:1 detail
// banner all crop to something whole.
import { el, linear, num, poly, radial } from './svg.ts';
import type { Draw } from './svg.ts';
import { backdrop, bokeh, bunting, confetti, crowd, hills, masker, palm, sparkles, stringLights, sun, waves } from './shapes.ts';

const WHITE = '#ffffff';

/** Positions spread across the width around the centre, a little jittered. */
function across(d: Draw, count: number, jitter = 0.25): number[] {
  const step = d.w / count;
  return Array.from({ length: count }, (_, i) => step * (i + 0.5) + (d.rng.next() - 0.5) * step * jitter);
}

/** Carnival on the road: masqueraders in feathered backpieces against a low sun. */
export function roadMas(d: Draw): string {
  const { w, h, u, rng, p } = d;
  // Day or night, hills or a town, flags or lights, one to three masqueraders in front: the
  // many carnivals of the demo should not all be the same picture in other colours.
  const night = rng.bool(0.3);
  let out = night ? backdrop(d, p.deep, p.sky[1]) : backdrop(d, p.sky[0], p.sky[1]);
  out += night
    ? sparkles(d, { x: 0, y: 0, w, h: h * 0.5 }, 14, WHITE, u * 0.015) + sun(d, w * (0.25 + rng.next() * 0.5), h * 0.22, u * 0.08, p.pale)
    : sun(d, w * (0.5 + (rng.next() - 0.5) * 0.3), h * 0.34, u * 0.17, p.accents[0]);
  out += rng.bool() ? hills(d, h * 0.64, u * 0.08, p.deep, 0.3) : skyline(d, h * 0.7, u * 0.22, p.deep, 0.35);
  out += rng.bool(0.6)
    ? bunting(d, h * 0.05, h * (0.03 + rng.next() * 0.06), h * 0.05, p.accents, u * 0.05)
    : stringLights(d, [0, h * 0.04], [w, h * (0.02 + rng.next() * 0.06)], h * 0.06, p.accents, u * 0.009);
  const costume = [p.accents[0], p.accents[1], p.accents[2], p.accents[3]];
  // The far row is smaller and paler, so the road reads as depth rather than a wall of feathers.
  let far = '';
  for (const x of across(d, Math.max(3, Math.round(w / (u * 0.3))))) far += masker(d, x, h * 0.82, u * 0.3, { body: p.deep, costume: rng.pickSome(costume, 3), backpiece: 0.6 });
  out += el('g', { opacity: 0.55 }, far);
  out += el('rect', { x: 0, y: h * 0.8, width: w, height: h * 0.2, fill: p.deep, 'fill-opacity': 0.75 });
  const front = Math.max(1, Math.round(w / (u * 0.72)) + rng.int(-1, 1));
  const size = front === 1 ? 0.7 : 0.54;
  for (const x of across(d, front, 0.4)) {
    out += masker(d, x, h * (1 + rng.next() * 0.06), u * (size + rng.next() * 0.12), { body: p.deep, costume: rng.pickSome(costume, 3), backpiece: 0.7 });
  }
  out += confetti(d, { x: 0, y: 0, w, h: h * 0.8 }, 36, p.accents, u * 0.012);
  return out;
}

/** Rooftops along a line: a town behind the road. */
function skyline(d: Draw, y: number, tall: number, colour: string, opacity: number): string {
  let path = `M0 ${num(d.h)}`;
  for (let x = 0; x < d.w; ) {
    const bw = tall * (0.3 + d.rng.next() * 0.5);
    const top = y - tall * (0.2 + d.rng.next() * 0.8);
    path += d.rng.bool(0.3) ? `L${num(x)} ${num(top + bw * 0.3)}L${num(x + bw / 2)} ${num(top)}L${num(x + bw)} ${num(top + bw * 0.3)}` : `L${num(x)} ${num(top)}L${num(x + bw)} ${num(top)}`;
    x += bw;
  }
  return el('path', { d: `${path}L${num(d.w)} ${num(d.h)}Z`, fill: colour, 'fill-opacity': opacity });
}

/** A fete at night: light beams, a crowd with rags in the air. */
export function fete(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, p.deep, p.sky[1]);
  out += el('circle', { cx: w / 2, cy: h * 0.45, r: u * 0.75, fill: radial(d, [p.accents[1], p.accents[1]], [0.55, 0]) });
  const beams = 3 + rng.int(0, 2);
  for (let i = 0; i < beams; i++) {
    const x = (w * (i + 0.5)) / beams + (rng.next() - 0.5) * w * 0.1;
    const to = x + (rng.next() - 0.5) * w * 0.6;
    const spread = u * (0.12 + rng.next() * 0.1);
    const colour = p.accents[i % 4] as string;
    out += el('path', { d: poly([[x - u * 0.01, 0], [x + u * 0.01, 0], [to + spread, h], [to - spread, h]]), fill: linear(d, [colour, colour], [0, 1], [0.7, 0]) });
  }
  out += bokeh(d, { x: 0, y: 0, w, h: h * 0.7 }, 26, p.accents, u * 0.04);
  out += crowd(d, h * 0.86, u * 0.035, p.deep, p.accents, 0.3);
  out += crowd(d, h * 1.04, u * 0.055, '#000000', p.accents, 0.45);
  out += confetti(d, { x: 0, y: 0, w, h: h * 0.6 }, 24, p.accents, u * 0.01);
  return out;
}

/** A concert: truss, spotlights, speaker stacks, steel pans and a singer. */
export function stage(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, '#0b0614', p.deep);
  const floor = h * 0.7;
  out += el('circle', { cx: w / 2, cy: floor - u * 0.2, r: u * 0.55, fill: radial(d, [p.accents[0], p.accents[1]], [0.6, 0]) });
  const truss = h * 0.1;
  let zig = `M0 ${num(truss)}`;
  for (let i = 0; i * u * 0.04 <= w + u * 0.04; i++) zig += `L${num(i * u * 0.04)} ${num(truss + (i % 2 ? u * 0.035 : 0))}`;
  out += el('path', { d: `M0 ${num(truss)}H${num(w)}M0 ${num(truss + u * 0.035)}H${num(w)}${zig}`, stroke: '#9aa0ad', 'stroke-opacity': 0.6, 'stroke-width': Math.max(1, u * 0.005), fill: 'none' });
  const spots = 4 + rng.int(0, 2);
  for (let i = 0; i < spots; i++) {
    const x = (w * (i + 0.5)) / spots;
    const to = w / 2 + (x - w / 2) * 0.4;
    const colour = p.accents[(i + 1) % 4] as string;
    out += el('path', { d: poly([[x - u * 0.015, truss + u * 0.04], [x + u * 0.015, truss + u * 0.04], [to + u * 0.12, floor], [to - u * 0.12, floor]]), fill: linear(d, [colour, colour], [0, 1], [0.55, 0.05]) });
    out += el('circle', { cx: x, cy: truss + u * 0.045, r: u * 0.018, fill: colour });
  }
  out += el('rect', { x: 0, y: floor, width: w, height: h - floor, fill: '#120a1c' }) + el('rect', { x: 0, y: floor, width: w, height: u * 0.015, fill: p.accents[0], 'fill-opacity': 0.8 });
  // Speaker stacks at both sides.
  for (const x of [w / 2 - u * 0.75, w / 2 + u * 0.75 - u * 0.16]) {
    for (let k = 0; k < 3; k++) {
      const y = floor - u * 0.13 * (k + 1);
      out += el('rect', { x, y, width: u * 0.16, height: u * 0.125, rx: u * 0.01, fill: '#1d1d26', stroke: '#3a3a48', 'stroke-width': u * 0.004 });
      out += el('circle', { cx: x + u * 0.08, cy: y + u * 0.0625, r: u * 0.045, fill: '#0c0c10', stroke: p.accents[2], 'stroke-opacity': 0.6, 'stroke-width': u * 0.005 });
    }
  }
  // Steel pans on their stands.
  for (const x of [w / 2 - u * 0.4, w / 2 + u * 0.4]) {
    out += el('path', { d: `M${num(x - u * 0.04)} ${num(floor)}L${num(x)} ${num(floor - u * 0.1)}L${num(x + u * 0.04)} ${num(floor)}`, stroke: '#8d93a0', 'stroke-width': u * 0.006, fill: 'none' });
    out += el('ellipse', { cx: x, cy: floor - u * 0.11, rx: u * 0.085, ry: u * 0.045, fill: linear(d, ['#f4f6fa', '#8d93a0'], [1, 1]), stroke: p.accents[0], 'stroke-width': u * 0.006 });
    for (const [dx, dy] of [[-0.035, -0.01], [0.03, -0.012], [0, 0.018], [-0.01, -0.025]] as const) out += el('ellipse', { cx: x + dx * u, cy: floor - u * 0.11 + dy * u, rx: u * 0.016, ry: u * 0.009, fill: '#b6bac6' });
  }
  // A singer in the light, or a steel band across the stage.
  if (rng.bool(0.6)) out += masker(d, w / 2, floor, u * 0.46, { body: '#07040c', costume: [p.accents[1], p.accents[0], p.accents[2]], backpiece: 0 });
  else {
    for (let i = -2; i <= 2; i++) {
      const x = w / 2 + i * u * 0.2;
      out += masker(d, x, floor - u * 0.02, u * 0.3, { body: '#07040c', costume: [p.accents[(i + 2) % 4] as string], backpiece: 0 });
      out += el('ellipse', { cx: x, cy: floor - u * 0.12, rx: u * 0.075, ry: u * 0.035, fill: linear(d, ['#f4f6fa', '#8d93a0'], [1, 1]), stroke: p.accents[0], 'stroke-width': u * 0.005 });
    }
  }
  out += crowd(d, h * 1.03, u * 0.05, '#000000', [], 0.5);
  out += sparkles(d, { x: 0, y: truss, w, h: h * 0.4 }, 8, WHITE, u * 0.02);
  return out;
}

const SEAS: ReadonlyArray<[string, string]> = [['#26c6da', '#0a7fa8'], ['#3ddbd9', '#13799e'], ['#4cb8ec', '#1d5fa8']];
const SANDS = ['#f6dfae', '#f1cf8f', '#f9e6c3'];

/** A beach party: sea, sun, palms, umbrellas and dancers on the sand. */
export function beach(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const horizon = h * 0.5;
  let out = backdrop(d, p.sky[1], p.sky[0]);
  out += sun(d, w * (0.3 + rng.next() * 0.4), horizon - u * 0.12, u * 0.12, p.accents[0]);
  const [sea0, sea1] = rng.pick(SEAS);
  out += el('rect', { x: 0, y: horizon, width: w, height: h - horizon, fill: linear(d, [sea0, sea1]) });
  for (let i = 0; i < 6; i++) out += el('rect', { x: w * (0.1 + rng.next() * 0.8), y: horizon + (h * 0.2 * (i + 1)) / 7, width: u * (0.05 + rng.next() * 0.12), height: u * 0.008, rx: u * 0.004, fill: WHITE, 'fill-opacity': 0.55 });
  const shore = h * 0.74;
  out += waves(d, shore - u * 0.015, u * 0.02, u * 0.3, WHITE, 0.7);
  out += waves(d, shore, u * 0.02, u * 0.3, rng.pick(SANDS));
  const left = rng.bool();
  out += palm(d, left ? w * 0.1 : w * 0.9, h * 0.96, u * 0.82, left ? 0.18 : -0.18, p.deep);
  out += palm(d, left ? w * 0.2 : w * 0.8, h * 0.92, u * 0.55, left ? 0.1 : -0.1, p.deep);
  // Umbrellas: striped half discs on a pole.
  for (const x of across(d, Math.max(2, Math.round(w / (u * 0.7))), 0.5)) {
    if (Math.abs(x - (left ? w * 0.12 : w * 0.88)) < u * 0.2) continue;
    const top = shore - u * 0.02;
    const r = u * 0.13;
    out += el('line', { x1: x, y1: top, x2: x + u * 0.01, y2: shore + u * 0.2, stroke: '#5b4636', 'stroke-width': u * 0.008 });
    const segs = 6;
    for (let k = 0; k < segs; k++) {
      const a0 = Math.PI + (Math.PI * k) / segs;
      const a1 = Math.PI + (Math.PI * (k + 1)) / segs;
      out += el('path', { d: `M${num(x)} ${num(top)}L${num(x + Math.cos(a0) * r)} ${num(top + Math.sin(a0) * r * 0.6)}L${num(x + Math.cos(a1) * r)} ${num(top + Math.sin(a1) * r * 0.6)}Z`, fill: k % 2 ? WHITE : p.accents[rng.int(0, 2)] });
    }
  }
  for (const x of across(d, Math.max(3, Math.round(w / (u * 0.28))))) out += masker(d, x, h * (0.9 + rng.next() * 0.06), u * (0.2 + rng.next() * 0.08), { body: p.deep, costume: p.accents, backpiece: 0 });
  out += confetti(d, { x: 0, y: 0, w, h: h * 0.45 }, 14, [WHITE, p.accents[0]], u * 0.008);
  return out;
}

/** A soca cruise: a lit ship on the evening sea. */
export function cruise(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const water = h * 0.64;
  let out = backdrop(d, p.sky[0], p.sky[1]);
  out += sun(d, w * (0.2 + rng.next() * 0.6), water - u * 0.05, u * 0.16, p.accents[0]);
  out += el('rect', { x: 0, y: water, width: w, height: h - water, fill: linear(d, [p.deep, '#04101f']) });
  const len = Math.min(w * 0.84, u * 1.3);
  const x0 = w / 2 - len / 2;
  const x1 = w / 2 + len / 2;
  const hull = u * 0.11;
  const ship = '#f5f6fb';
  // The lit ship broken up on the water below it.
  for (let k = 0; k < 7; k++) {
    const y = water + u * 0.012 + k * u * 0.025;
    const inset = len * (0.05 + k * 0.05 + rng.next() * 0.05);
    out += el('rect', { x: x0 + inset, y, width: len - inset * 2, height: u * 0.008, rx: u * 0.004, fill: k % 2 ? ship : p.accents[0], 'fill-opacity': 0.35 - k * 0.04 });
  }
  out += el('path', { d: poly([[x0, water - hull], [x1 + u * 0.06, water - hull * 1.2], [x1 - u * 0.02, water], [x0 + u * 0.03, water]]), fill: ship });
  out += el('rect', { x: x0 + u * 0.02, y: water - hull * 0.45, width: len - u * 0.02, height: hull * 0.16, fill: p.accents[1] });
  const decks = 3 + rng.int(0, 1);
  let windows = '';
  for (let k = 0; k < decks; k++) {
    const inset = len * (0.08 + k * 0.07);
    const y = water - hull - u * 0.055 * (k + 1);
    out += el('rect', { x: x0 + inset, y, width: len - inset * 1.6, height: u * 0.055, fill: ship, stroke: '#c9cbe0', 'stroke-width': u * 0.003 });
    for (let x = x0 + inset + u * 0.02; x < x0 + len - inset * 0.6 - u * 0.02; x += u * 0.028) windows += el('rect', { x, y: y + u * 0.02, width: u * 0.016, height: u * 0.014, fill: p.accents[(k + 2) % 4] });
  }
  out += windows;
  const fx = x0 + len * 0.58;
  const top = water - hull - u * 0.055 * decks;
  out += el('path', { d: poly([[fx - u * 0.04, top], [fx + u * 0.04, top], [fx + u * 0.06, top - u * 0.09], [fx - u * 0.01, top - u * 0.09]]), fill: p.accents[1] });
  let lights = '';
  for (let k = 0; k <= 16; k++) {
    const t = k / 16;
    const x = x0 + t * (len + u * 0.06);
    const y = water - hull * 1.1 - Math.sin(t * Math.PI) * u * 0.28;
    lights += el('circle', { cx: x, cy: y, r: u * 0.007, fill: p.accents[k % 4] });
  }
  out += lights;
  out += waves(d, water + u * 0.12, u * 0.015, u * 0.18, WHITE, 0.12);
  out += sparkles(d, { x: 0, y: 0, w, h: water * 0.6 }, 10, WHITE, u * 0.018);
  return out;
}

/** A festival at dusk: fireworks over striped tents and a crowd. */
export function festival(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, p.deep, p.sky[1]);
  const bursts = 3 + rng.int(0, 2);
  for (let i = 0; i < bursts; i++) {
    const cx = (w * (i + 0.5)) / bursts + (rng.next() - 0.5) * w * 0.1;
    const cy = h * (0.2 + rng.next() * 0.25);
    const r = u * (0.12 + rng.next() * 0.1);
    const colour = p.accents[i % 4] as string;
    const rays = 16 + rng.int(0, 8);
    let path = '';
    let dots = '';
    for (let k = 0; k < rays; k++) {
      const a = (Math.PI * 2 * k) / rays;
      path += `M${num(cx + Math.cos(a) * r * 0.25)} ${num(cy + Math.sin(a) * r * 0.25)}L${num(cx + Math.cos(a) * r * 0.9)} ${num(cy + Math.sin(a) * r * 0.9)}`;
      dots += el('circle', { cx: cx + Math.cos(a) * r, cy: cy + Math.sin(a) * r, r: u * 0.007, fill: colour });
    }
    out += el('circle', { cx, cy, r: r * 1.3, fill: radial(d, [colour, colour], [0.3, 0]) });
    out += el('path', { d: path, stroke: colour, 'stroke-width': u * 0.006, 'stroke-linecap': 'round', fill: 'none' }) + dots;
  }
  const ground = h * 0.8;
  out += el('rect', { x: 0, y: ground, width: w, height: h - ground, fill: p.deep });
  for (const x of across(d, Math.max(3, Math.round(w / (u * 0.36))), 0.3)) {
    const tw = u * (0.24 + rng.next() * 0.08);
    const th = u * (0.22 + rng.next() * 0.06);
    const c = rng.pick(p.accents);
    const stripes = 5;
    for (let k = 0; k < stripes; k++) {
      const a = x - tw / 2 + (tw * k) / stripes;
      const b = a + tw / stripes;
      out += el('path', { d: poly([[x, ground - th], [a, ground - th * 0.45], [b, ground - th * 0.45]]), fill: k % 2 ? WHITE : c });
    }
    out += el('rect', { x: x - tw * 0.42, y: ground - th * 0.45, width: tw * 0.84, height: th * 0.45, fill: c, 'fill-opacity': 0.75 });
    out += el('rect', { x: x - tw * 0.12, y: ground - th * 0.3, width: tw * 0.24, height: th * 0.3, fill: p.deep });
  }
  out += stringLights(d, [0, h * 0.5], [w, h * 0.46], h * 0.06, p.accents, u * 0.008);
  out += crowd(d, h * 1.04, u * 0.05, '#000000', p.accents, 0.35);
  return out;
}
