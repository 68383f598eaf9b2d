// Where Fete Eats' restaurants serve: a table spread, a street stall, a seaside terrace, a
// drum grill, a dining room. Each fills the frame and keeps its subject central, like the
// event scenes, so the card and the detail banner crop it cleanly.
import { el, linear, num, poly, radial } from './svg.ts';
import type { Draw } from './svg.ts';
import { backdrop, hills, palm, shuffled, sparkles, stringLights, sun, waves } from './shapes.ts';
import { blob, DISHES, drink, leaf, PLATE, table, wrap } from './dishes.ts';

const WHITE = '#ffffff';

/** Dishes shared on a table, from above. */
export function spread(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = table(d);
  const r = u * 0.2;
  const kinds = shuffled(rng, ['meal', 'bowl', 'fish', 'wrap', 'sweets'] as const);
  const cols = Math.max(2, Math.round(w / (r * 2.7)));
  const rows = Math.max(1, Math.round(h / (r * 2.9)));
  let k = 0;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = (w * (col + 0.5)) / cols + (rng.next() - 0.5) * r * 0.4 + (row % 2 ? r * 0.5 : 0);
      const y = (h * (row + 0.5)) / rows + (rng.next() - 0.5) * r * 0.4;
      const kind = kinds[k++ % kinds.length] as (typeof kinds)[number];
      if ((row + col) % 3 === 2) out += drink(d, x, y, r * 0.5);
      else if (kind === 'wrap') out += wrap(d, x, y, r * 0.85);
      else out += DISHES[kind](d, x, y, r, p.accents[(row + col) % 4] as string);
    }
  }
  out += leaf(w * 0.04, h * 0.1, r * 1.2, 30, '#2f7031');
  return out + hibiscus(w * 0.95, h * 0.9, r * 0.4, p.accents[1]);
}

function hibiscus(cx: number, cy: number, r: number, colour: string): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = (360 * i) / 5;
    out += el('ellipse', { cx: 0, cy: -r * 0.55, rx: r * 0.42, ry: r * 0.6, fill: colour, transform: `translate(${num(cx)} ${num(cy)}) rotate(${num(a)})` });
  }
  return out + el('circle', { cx, cy, r: r * 0.18, fill: '#ffd23f' });
}

/** A street-food stall under a striped awning, pots steaming. */
export function stall(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, p.sky[0], p.sky[1]);
  out += hills(d, h * 0.7, u * 0.06, p.deep, 0.35);
  out += el('rect', { x: 0, y: h * 0.84, width: w, height: h * 0.16, fill: p.deep, 'fill-opacity': 0.6 });
  const sw = Math.min(w * 0.8, u * 1.25);
  const x0 = w / 2 - sw / 2;
  const top = h * 0.2;
  const counter = h * 0.58;
  out += el('rect', { x: x0 + sw * 0.04, y: top, width: sw * 0.92, height: counter - top, fill: p.deep, 'fill-opacity': 0.55 });
  for (const x of [x0 + sw * 0.05, x0 + sw * 0.95 - u * 0.025]) out += el('rect', { x, y: top, width: u * 0.025, height: h * 0.86 - top, fill: '#5b4636' });
  out += stringLights(d, [x0 + sw * 0.05, top + u * 0.12], [x0 + sw * 0.95, top + u * 0.12], u * 0.02, p.accents, u * 0.007);
  // Pots and their steam on the counter.
  const pots = 3;
  for (let i = 0; i < pots; i++) {
    const x = x0 + (sw * (i + 0.5)) / pots;
    const pr = u * (0.09 + rng.next() * 0.03);
    out += el('path', { d: `M${num(x - pr)} ${num(counter - pr * 0.9)}H${num(x + pr)}L${num(x + pr * 0.85)} ${num(counter)}H${num(x - pr * 0.85)}Z`, fill: '#9aa0ad' }) + el('ellipse', { cx: x, cy: counter - pr * 0.9, rx: pr, ry: pr * 0.25, fill: rng.pick(['#d98a2b', '#8a3b12', '#4f7f2a', '#e8b82f']) });
    out += el('path', { d: `M${num(x - pr * 0.3)} ${num(counter - pr * 1.2)}q${num(-pr * 0.3)} ${num(-pr * 0.5)} 0 ${num(-pr)}t0 ${num(-pr)}M${num(x + pr * 0.3)} ${num(counter - pr * 1.2)}q${num(pr * 0.3)} ${num(-pr * 0.5)} 0 ${num(-pr)}t0 ${num(-pr)}`, stroke: WHITE, 'stroke-opacity': 0.6, 'stroke-width': u * 0.012, 'stroke-linecap': 'round', fill: 'none' });
  }
  out += el('rect', { x: x0, y: counter, width: sw, height: h * 0.86 - counter, fill: p.accents[2] }) + el('rect', { x: x0, y: counter, width: sw, height: u * 0.025, fill: '#5b4636' });
  out += el('rect', { x: x0 + sw * 0.1, y: counter + (h * 0.86 - counter) * 0.35, width: sw * 0.8, height: u * 0.03, rx: u * 0.015, fill: WHITE, 'fill-opacity': 0.5 });
  // The awning: stripes with a scalloped edge.
  const stripes = 10;
  const aw = sw * 1.08;
  const ax = w / 2 - aw / 2;
  const depth = u * 0.14;
  for (let i = 0; i < stripes; i++) {
    const x = ax + (aw * i) / stripes;
    const sw2 = aw / stripes;
    const colour = i % 2 ? WHITE : p.accents[1];
    out += el('path', { d: `M${num(x + sw2 * 0.1)} ${num(top - depth)}H${num(x + sw2 * 0.9)}L${num(x + sw2)} ${num(top)}A${num(sw2 / 2)} ${num(sw2 / 2)} 0 0 1 ${num(x)} ${num(top)}Z`, fill: colour });
  }
  return out;
}

/** A table by the sea, under an umbrella. */
export function seaside(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const horizon = h * 0.5;
  let out = backdrop(d, p.sky[1], p.sky[0]);
  out += sun(d, w * (0.25 + rng.next() * 0.5), horizon - u * 0.1, u * 0.1, p.accents[0]);
  out += el('rect', { x: 0, y: horizon, width: w, height: h - horizon, fill: linear(d, ['#26c6da', '#0a6f96']) });
  out += waves(d, horizon + u * 0.08, u * 0.012, u * 0.2, WHITE, 0.15);
  // The terrace: deck, railing, table and chairs.
  const deck = h * 0.72;
  out += el('rect', { x: 0, y: deck, width: w, height: h - deck, fill: '#a8744a' });
  for (let y = deck + u * 0.05; y < h; y += u * 0.06) out += el('rect', { x: 0, y, width: w, height: u * 0.006, fill: '#7d5433' });
  let rail = `M0 ${num(h * 0.6)}H${num(w)}`;
  for (let x = u * 0.03; x < w; x += u * 0.09) rail += `M${num(x)} ${num(h * 0.6)}V${num(deck)}`;
  out += el('path', { d: rail, stroke: WHITE, 'stroke-width': u * 0.012, fill: 'none' });
  const tx = w / 2 + (rng.next() - 0.5) * w * 0.1;
  const ty = h * 0.74;
  const tr = u * 0.28;
  out += chair(tx - tr * 1.25, h * 0.98, u * 0.3, 1, p.deep) + chair(tx + tr * 1.25, h * 0.98, u * 0.3, -1, p.deep);
  out += el('rect', { x: tx - u * 0.015, y: ty, width: u * 0.03, height: h - ty, fill: p.deep });
  out += el('ellipse', { cx: tx, cy: ty, rx: tr, ry: tr * 0.22, fill: p.accents[rng.int(0, 2)] }) + el('ellipse', { cx: tx, cy: ty - u * 0.01, rx: tr * 0.92, ry: tr * 0.17, fill: WHITE });
  out += el('ellipse', { cx: tx - tr * 0.4, cy: ty - u * 0.01, rx: tr * 0.2, ry: tr * 0.06, fill: PLATE, stroke: '#ddd', 'stroke-width': u * 0.003 }) + el('ellipse', { cx: tx + tr * 0.35, cy: ty - u * 0.015, rx: tr * 0.2, ry: tr * 0.06, fill: PLATE, stroke: '#ddd', 'stroke-width': u * 0.003 });
  out += el('rect', { x: tx - u * 0.02, y: ty - u * 0.1, width: u * 0.04, height: u * 0.08, rx: u * 0.01, fill: '#e63946', 'fill-opacity': 0.85 });
  // The umbrella above it.
  const top = h * 0.18;
  out += el('rect', { x: tx - u * 0.008, y: top, width: u * 0.016, height: ty - top, fill: '#5b4636' });
  const ur = u * 0.42;
  const segs = 8;
  for (let k = 0; k < segs; k++) {
    const a0 = Math.PI + (Math.PI * k) / segs;
    const a1 = Math.PI + (Math.PI * (k + 1)) / segs;
    out += el('path', { d: `M${num(tx)} ${num(top)}L${num(tx + Math.cos(a0) * ur)} ${num(top + Math.sin(a0) * ur * 0.35 + ur * 0.3)}L${num(tx + Math.cos(a1) * ur)} ${num(top + Math.sin(a1) * ur * 0.35 + ur * 0.3)}Z`, fill: k % 2 ? WHITE : p.accents[1] });
  }
  out += palm(d, w * (rng.bool() ? 0.06 : 0.94), h * 0.8, u * 0.7, 0.1, p.deep);
  return out;
}

/** An oil-drum grill at dusk: smoke, flames, and meat on the grate. */
export function grill(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, p.deep, p.sky[1]);
  out += stringLights(d, [0, h * 0.06], [w, h * 0.1], h * 0.06, p.accents, u * 0.01);
  out += el('rect', { x: 0, y: h * 0.82, width: w, height: h * 0.18, fill: '#000000', 'fill-opacity': 0.35 });
  const gw = Math.min(w * 0.7, u * 1.1);
  const gx = w / 2 - gw / 2;
  const gy = h * 0.52;
  const gr = u * 0.17;
  // Legs, the open lid behind, and the half drum in front with its hoops.
  out += el('path', { d: `M${num(gx + gw * 0.15)} ${num(gy + gr)}L${num(gx + gw * 0.1)} ${num(h * 0.86)}M${num(gx + gw * 0.85)} ${num(gy + gr)}L${num(gx + gw * 0.9)} ${num(h * 0.86)}`, stroke: '#2b2b33', 'stroke-width': u * 0.025 });
  out += el('rect', { x: gx + gw * 0.02, y: gy - gr * 1.5, width: gw * 0.96, height: gr * 1.6, rx: gr * 0.5, fill: p.accents[2], 'fill-opacity': 0.6 });
  out += el('rect', { x: gx + gw * 0.06, y: gy - gr * 1.35, width: gw * 0.88, height: gr * 1.35, rx: gr * 0.4, fill: '#1a1a20', 'fill-opacity': 0.7 });
  // Flames under the grate.
  let flames = '';
  for (let i = 0; i < 9; i++) {
    const x = gx + gw * (0.1 + (0.8 * i) / 8);
    const fh = u * (0.08 + rng.next() * 0.08);
    flames += el('path', { d: `M${num(x - u * 0.03)} ${num(gy)}Q${num(x - u * 0.03)} ${num(gy - fh * 0.6)} ${num(x)} ${num(gy - fh)}Q${num(x + u * 0.03)} ${num(gy - fh * 0.6)} ${num(x + u * 0.03)} ${num(gy)}Z`, fill: i % 2 ? '#ffb703' : '#fb5607' });
  }
  out += flames;
  out += el('rect', { x: gx, y: gy - u * 0.012, width: gw, height: u * 0.024, fill: '#3a3a44' });
  // Meat: chicken pieces and corn on the grate.
  for (let i = 0; i < 6; i++) {
    const x = gx + gw * (0.12 + (0.76 * i) / 5);
    out += i % 3 === 2
      ? el('rect', { x: x - u * 0.07, y: gy - u * 0.055, width: u * 0.14, height: u * 0.045, rx: u * 0.022, fill: '#f4c430', stroke: '#c99a12', 'stroke-width': u * 0.004 })
      : blob(d, x, gy - u * 0.04, u * 0.055, rng.pick(['#8a3b12', '#a0461a', '#6b2d14']), 6);
  }
  out += el('rect', { x: gx, y: gy + u * 0.012, width: gw, height: gr, rx: gr * 0.45, fill: p.accents[2] });
  out += el('path', { d: `M${num(gx + gw / 3)} ${num(gy + u * 0.012)}v${num(gr)}M${num(gx + (2 * gw) / 3)} ${num(gy + u * 0.012)}v${num(gr)}`, stroke: '#000000', 'stroke-opacity': 0.25, 'stroke-width': u * 0.012 });
  // Smoke rising.
  let smoke = '';
  for (let i = 0; i < 3; i++) {
    const x = gx + gw * (0.25 + 0.25 * i) + (rng.next() - 0.5) * u * 0.05;
    smoke += `M${num(x)} ${num(gy - u * 0.12)}q${num(-u * 0.1)} ${num(-u * 0.12)} 0 ${num(-u * 0.24)}t0 ${num(-u * 0.24)}`;
  }
  out += el('path', { d: smoke, stroke: WHITE, 'stroke-opacity': 0.14, 'stroke-width': u * 0.07, 'stroke-linecap': 'round', fill: 'none' });
  return out + sparkles(d, { x: gx, y: gy - u * 0.5, w: gw, h: u * 0.4 }, 10, '#ffb703', u * 0.015);
}

/** A dining room: pendant lamps, a window on the sea, laid tables. */
export function diningRoom(d: Draw): string {
  const { w, h, u, rng, p } = d;
  let out = backdrop(d, p.pale, p.accents[0] === WHITE ? p.sky[0] : p.accents[0]);
  const floor = h * 0.76;
  // Windows with the sea behind.
  // Windows between the tables, so the lamps over the tables hang against the wall.
  const tables = Math.max(2, Math.round(w / (u * 0.55)));
  for (let i = 0; i <= tables; i++) {
    const x = (w * i) / tables - u * 0.16;
    const y = h * 0.2;
    out += el('rect', { x: x - u * 0.01, y: y - u * 0.01, width: u * 0.34, height: u * 0.4, rx: u * 0.02, fill: p.deep, 'fill-opacity': 0.6 });
    out += el('rect', { x, y, width: u * 0.32, height: u * 0.2, fill: linear(d, [p.sky[0], p.sky[1]]) }) + el('rect', { x, y: y + u * 0.2, width: u * 0.32, height: u * 0.18, fill: '#1b8fb8' });
    out += el('path', { d: `M${num(x + u * 0.16)} ${num(y)}V${num(y + u * 0.38)}`, stroke: p.deep, 'stroke-opacity': 0.6, 'stroke-width': u * 0.012 });
  }
  out += el('rect', { x: 0, y: floor, width: w, height: h - floor, fill: p.deep, 'fill-opacity': 0.75 });
  // Tables with cloths and chairs.
  for (let i = 0; i < tables; i++) {
    const x = (w * (i + 0.5)) / tables;
    const y = floor + u * 0.03;
    out += chair(x - u * 0.22, y + u * 0.1, u * 0.2, 1, '#3b2618') + chair(x + u * 0.22, y + u * 0.1, u * 0.2, -1, '#3b2618');
    out += el('path', { d: poly([[x - u * 0.15, y - u * 0.08], [x + u * 0.15, y - u * 0.08], [x + u * 0.17, y + u * 0.02], [x - u * 0.17, y + u * 0.02]]), fill: WHITE });
    out += el('rect', { x: x - u * 0.15, y: y - u * 0.09, width: u * 0.3, height: u * 0.02, fill: p.accents[1] });
    out += el('rect', { x: x - u * 0.01, y: y + u * 0.02, width: u * 0.02, height: u * 0.1, fill: '#3b2618' });
    out += el('circle', { cx: x, cy: y - u * 0.12, r: u * 0.025, fill: p.accents[rng.int(1, 2)] }) + el('rect', { x: x - u * 0.004, y: y - u * 0.12, width: u * 0.008, height: u * 0.04, fill: '#2d6a4f' });
  }
  // Lamps hanging from the ceiling.
  for (let i = 0; i < tables; i++) {
    const x = (w * (i + 0.5)) / tables;
    const y = h * (0.12 + rng.next() * 0.08);
    out += el('path', { d: `M${num(x)} 0V${num(y)}`, stroke: '#222', 'stroke-width': u * 0.004 });
    out += el('circle', { cx: x, cy: y + u * 0.07, r: u * 0.16, fill: radial(d, [p.accents[0] === WHITE ? '#ffd166' : p.accents[0], p.accents[0]], [0.5, 0]) });
    out += el('path', { d: `M${num(x - u * 0.06)} ${num(y + u * 0.06)}Q${num(x)} ${num(y - u * 0.04)} ${num(x + u * 0.06)} ${num(y + u * 0.06)}Z`, fill: p.deep });
  }
  out += plant(d, u * 0.08, floor, u * 0.28, p.deep) + plant(d, w - u * 0.08, floor, u * 0.24, p.deep);
  return out;
}

/** A bistro chair in profile; `facing` 1 looks right. */
function chair(x: number, floor: number, size: number, facing: 1 | -1, colour: string): string {
  const b = x - facing * size * 0.25;
  const f = x + facing * size * 0.2;
  const seat = floor - size * 0.45;
  return el('path', { d: `M${num(b)} ${num(floor)}V${num(floor - size)}M${num(b)} ${num(seat)}H${num(f)}V${num(floor)}`, stroke: colour, 'stroke-width': size * 0.07, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', fill: 'none' });
}

function plant(d: Draw, x: number, ground: number, size: number, pot: string): string {
  let out = '';
  for (let i = 0; i < 7; i++) out += leaf(x, ground - size * 0.3, size * (0.6 + d.rng.next() * 0.4), -160 + i * 23 + d.rng.next() * 10, i % 2 ? '#2f7031' : '#3f8f3a');
  return out + el('path', { d: poly([[x - size * 0.2, ground - size * 0.35], [x + size * 0.2, ground - size * 0.35], [x + size * 0.15, ground], [x - size * 0.15, ground]]), fill: pot });
}
