// A band's picture: one masquerader in the band's costume, backpiece spread, on a sunburst.
// The figure stands in the middle with its head a third of the way down, so the 12:5 detail
// banner keeps head to belt and the square and 4:3 crops keep the whole backpiece centre.
import { el, num, poly } from './svg.ts';
import type { Draw } from './svg.ts';
import { backdrop, confetti, fan, shuffled, sparkles } from './shapes.ts';
import { SKIN_TONES } from './palettes.ts';

const BACKPIECES = ['fan', 'wings', 'halo'] as const;

/** Light rays from a point to beyond the edges. */
function sunburst(d: Draw, cx: number, cy: number, rays: number, colour: string, opacity: number): string {
  const r = Math.hypot(d.w, d.h);
  let path = '';
  for (let i = 0; i < rays; i++) {
    const a0 = (Math.PI * 2 * i) / rays;
    const a1 = a0 + Math.PI / rays;
    path += poly([[cx, cy], [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r], [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r]]);
  }
  return el('path', { d: path, fill: colour, 'fill-opacity': opacity });
}

/** Gems along a line of points. */
function gems(points: ReadonlyArray<readonly [number, number]>, r: number, colours: readonly string[]): string {
  return points.map(([x, y], i) => el('circle', { cx: x, cy: y, r, fill: colours[i % colours.length] })).join('');
}

export function costume(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const cx = w / 2;
  const cy = h * 0.52;
  const [c0, c1, c2, c3] = shuffled(rng, p.accents) as [string, string, string, string];
  const skin = rng.pick(SKIN_TONES);
  const style = rng.pick(BACKPIECES);
  let out = backdrop(d, p.sky[0], p.sky[1]);
  out += sunburst(d, cx, cy - u * 0.05, 18 + 2 * rng.int(0, 4), '#ffffff', 0.08);
  out += sparkles(d, { x: 0, y: 0, w, h }, 14, '#ffffff', u * 0.03);

  // The backpiece behind the body.
  const bx = cx;
  const by = cy + u * 0.02;
  if (style === 'fan') {
    out += fan(bx, by, u * 0.62, { count: 15 + 2 * rng.int(0, 2), from: -82, to: 82, colours: [c0, c1], eyes: [c2] });
    out += fan(bx, by, u * 0.44, { count: 11, from: -70, to: 70, colours: [c2, c3], eyes: [c0], width: 0.2 });
  } else if (style === 'wings') {
    for (const side of [-1, 1]) {
      const from = side < 0 ? -115 : 20;
      out += fan(bx + side * u * 0.05, by - u * 0.05, u * 0.6, { count: 9, from, to: from + 95, colours: [c0, c1, c2], eyes: [c3] });
      out += fan(bx + side * u * 0.05, by - u * 0.05, u * 0.38, { count: 7, from: from + 10, to: from + 85, colours: [c3, c2], width: 0.22 });
    }
  } else {
    out += fan(bx, by, u * 0.5, { count: 26, from: -168, to: 178, colours: [c0, c1, c2], eyes: [c3], width: 0.14 });
  }

  // The figure is a little smaller than the backpiece's scale, so the 12:5 banner keeps the
  // whole head and the belt.
  const f = u * 0.88;
  const pt = (dx: number, dy: number): [number, number] => [cx + dx * f, cy + dy * f];
  const at = (dx: number, dy: number) => `${num(cx + dx * f)} ${num(cy + dy * f)}`;
  // Arms: one on the hip, or both out to the sides.
  const raised = rng.bool(0.5);
  const arms = raised
    ? `M${at(-0.11, -0.08)}Q${at(-0.22, -0.15)} ${at(-0.24, -0.32)}M${at(0.11, -0.08)}Q${at(0.22, -0.15)} ${at(0.24, -0.32)}`
    : `M${at(-0.11, -0.08)}Q${at(-0.2, 0.04)} ${at(-0.13, 0.16)}M${at(0.11, -0.08)}Q${at(0.24, 0.05)} ${at(0.27, 0.2)}`;
  out += el('path', { d: arms, stroke: skin, 'stroke-width': f * 0.05, 'stroke-linecap': 'round', fill: 'none' });
  out += el('path', {
    d: `M${at(-0.12, -0.1)}Q${at(-0.06, -0.12)} ${at(-0.028, -0.14)}L${at(0.028, -0.14)}Q${at(0.06, -0.12)} ${at(0.12, -0.1)}Q${at(0.1, 0.02)} ${at(0.07, 0.12)}Q${at(0.1, 0.2)} ${at(0.12, 0.26)}L${at(0.11, 0.6)}L${at(0.025, 0.6)}L${at(0, 0.33)}L${at(-0.025, 0.6)}L${at(-0.11, 0.6)}L${at(-0.12, 0.26)}Q${at(-0.1, 0.2)} ${at(-0.07, 0.12)}Q${at(-0.1, 0.02)} ${at(-0.12, -0.1)}Z`,
    fill: skin,
  });
  out += el('circle', { cx, cy: cy - f * 0.21, r: f * 0.068, fill: skin });
  // Armbands, bra, collar, belt with beaded fringe, and the headpiece.
  const bands = raised ? [pt(-0.205, -0.2), pt(0.205, -0.2)] : [pt(-0.17, 0.06), pt(0.215, 0.08)];
  out += gems(bands, f * 0.03, [c1]);
  out += el('path', { d: `M${at(-0.105, -0.03)}Q${at(-0.055, -0.1)} ${at(-0.005, -0.03)}Q${at(-0.055, 0.03)} ${at(-0.105, -0.03)}ZM${at(0.105, -0.03)}Q${at(0.055, -0.1)} ${at(0.005, -0.03)}Q${at(0.055, 0.03)} ${at(0.105, -0.03)}Z`, fill: c0 });
  out += gems([pt(-0.055, -0.03), pt(0.055, -0.03)], f * 0.016, ['#ffffff']);
  const collar: Array<[number, number]> = [];
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI * (0.1 + (0.8 * i) / 8);
    collar.push([cx + Math.cos(a) * f * 0.1, cy - f * 0.15 + Math.sin(a) * f * 0.06]);
  }
  out += gems(collar, f * 0.013, [c1, '#ffffff', c2]);
  out += el('path', { d: poly([pt(-0.125, 0.22), pt(0.125, 0.22), pt(0.12, 0.27), pt(0, 0.34), pt(-0.12, 0.27)]), fill: c0 });
  let fringe = '';
  const beads: Array<[number, number]> = [];
  for (let i = 0; i <= 10; i++) {
    const x = -0.11 + (0.22 * i) / 10;
    const top = 0.27 + (0.07 * (1 - Math.abs(x) / 0.12));
    const len = 0.05 + rng.next() * 0.06;
    fringe += `M${at(x, top - 0.02)}L${at(x, top + len)}`;
    beads.push(pt(x, top + len));
  }
  out += el('path', { d: fringe, stroke: c1, 'stroke-width': f * 0.006, fill: 'none' }) + gems(beads, f * 0.009, [c2, '#ffffff']);
  out += gems([pt(-0.08, 0.245), pt(-0.04, 0.245), pt(0, 0.245), pt(0.04, 0.245), pt(0.08, 0.245)], f * 0.011, ['#ffffff', c2]);
  out += fan(cx, cy - f * 0.26, f * 0.2, { count: 9, from: -55, to: 55, colours: [c1, c2, c0], width: 0.2 });
  out += el('rect', { x: cx - f * 0.07, y: cy - f * 0.275, width: f * 0.14, height: f * 0.03, rx: f * 0.015, fill: c0 }) + el('circle', { cx, cy: cy - f * 0.26, r: f * 0.022, fill: '#ffffff' });
  out += confetti(d, { x: 0, y: 0, w, h }, 20, [c0, c1, '#ffffff'], u * 0.01);
  return out;
}
