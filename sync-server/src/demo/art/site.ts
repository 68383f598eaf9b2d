// Site artwork: the home ads and the partner marks. Partner marks are abstract emblems on a
// transparent ground: the strip names each partner in its alt text, and a real partner's logo
// replaces the mark anyway.
import { el, linear, num, poly } from './svg.ts';
import type { Draw } from './svg.ts';
import { backdrop, confetti, fan, palm, shuffled, sparkle, sparkles, sun, waves } from './shapes.ts';
import { unitPath } from './products.ts';
import { onLight } from './palettes.ts';

const WHITE = '#ffffff';

export const AD_MOTIFS = ['sale', 'flight', 'glam-kit'] as const;
export type AdMotif = (typeof AD_MOTIFS)[number];

/** A price tag without a price: the shape says "offer", the app prints the words. */
function tag(cx: number, cy: number, s: number, angle: number, colour: string, stripe: string): string {
  const body = unitPath('M-0.9 -0.45L0.55 -0.45L0.95 0L0.55 0.45L-0.9 0.45Z', 0, 0, s);
  return el('g', { transform: `translate(${num(cx)} ${num(cy)}) rotate(${num(angle)})` },
    el('path', { d: body, fill: colour }),
    el('rect', { x: -s * 0.9, y: -s * 0.12, width: s * 1.3, height: s * 0.24, fill: stripe }),
    el('circle', { cx: s * 0.55, cy: 0, r: s * 0.11, fill: '#000000', 'fill-opacity': 0.25 }));
}

function plane(cx: number, cy: number, s: number, colour: string): string {
  return el('path', { d: unitPath('M-0.95 0.02Q-1 -0.08 -0.85 -0.1L0.75 -0.1Q1 -0.05 1 0.02Q1 0.1 0.75 0.12L-0.85 0.12Q-1 0.12 -0.95 0.02ZM0.1 -0.08L-0.25 -0.75L-0.1 -0.75L0.45 -0.08ZM0.1 0.1L-0.25 0.7L-0.1 0.7L0.45 0.1ZM-0.8 -0.08L-0.95 -0.45L-0.85 -0.45L-0.6 -0.08Z', cx, cy, s), fill: colour });
}

export function ad(d: Draw, motif: AdMotif): string {
  const { w, h, u, rng, p } = d;
  const [c0, c1, c2] = shuffled(rng, p.accents.filter((c) => c !== WHITE)) as [string, string, string];
  let out = '';
  if (motif === 'sale') {
    out += backdrop(d, p.sky[0], p.sky[1]);
    out += fan(w * 0.5, h * 0.95, u * 0.85, { count: 15, from: -80, to: 80, colours: [c0, c1, WHITE], eyes: [c2] });
    out += tag(w * 0.3, h * 0.4, u * 0.26, -18, WHITE, c0) + tag(w * 0.72, h * 0.5, u * 0.22, 14, WHITE, c1);
    out += confetti(d, { x: 0, y: 0, w, h }, 30, [WHITE, c2], u * 0.015);
  } else if (motif === 'flight') {
    out += backdrop(d, p.sky[1], p.sky[0]);
    out += sun(d, w * 0.78, h * 0.3, u * 0.12, p.accents[0] === WHITE ? '#ffd23f' : p.accents[0]);
    out += el('rect', { x: 0, y: h * 0.72, width: w, height: h * 0.28, fill: linear(d, ['#26c6da', '#0a6f96']) });
    out += el('ellipse', { cx: w * 0.3, cy: h * 0.75, rx: u * 0.55, ry: u * 0.12, fill: '#f1cf8f' }) + el('ellipse', { cx: w * 0.3, cy: h * 0.73, rx: u * 0.42, ry: u * 0.09, fill: '#3f8f3a' });
    out += palm(d, w * 0.22, h * 0.74, u * 0.42, 0.12, p.deep) + palm(d, w * 0.36, h * 0.74, u * 0.32, -0.1, p.deep);
    out += waves(d, h * 0.86, u * 0.012, u * 0.15, WHITE, 0.2);
    out += el('path', { d: `M${num(w * 0.05)} ${num(h * 0.55)}Q${num(w * 0.35)} ${num(h * 0.05)} ${num(w * 0.6)} ${num(h * 0.28)}`, stroke: WHITE, 'stroke-width': u * 0.012, 'stroke-dasharray': `${num(u * 0.04)} ${num(u * 0.03)}`, fill: 'none', 'stroke-linecap': 'round' });
    out += el('g', { transform: `rotate(-12 ${num(w * 0.68)} ${num(h * 0.3)})` }, plane(w * 0.68, h * 0.3, u * 0.22, WHITE));
  } else {
    out += backdrop(d, p.pale, c0);
    // A lipstick, an open compact and glitter.
    const lx = w * 0.32;
    const ly = h * 0.55;
    out += el('rect', { x: lx - u * 0.08, y: ly, width: u * 0.16, height: u * 0.34, rx: u * 0.02, fill: '#2b2b33' }) + el('rect', { x: lx - u * 0.065, y: ly - u * 0.1, width: u * 0.13, height: u * 0.12, fill: '#f2c230' });
    out += el('path', { d: `M${num(lx - u * 0.05)} ${num(ly - u * 0.1)}L${num(lx - u * 0.05)} ${num(ly - u * 0.25)}L${num(lx + u * 0.05)} ${num(ly - u * 0.32)}L${num(lx + u * 0.05)} ${num(ly - u * 0.1)}Z`, fill: rng.pick(['#d62839', '#b0174f', '#c2185b']) });
    const px = w * 0.64;
    const py = h * 0.55;
    out += el('circle', { cx: px, cy: py, r: u * 0.3, fill: '#2b2b33' }) + el('circle', { cx: px, cy: py, r: u * 0.26, fill: '#f2c230' });
    const shades = [c1, c2, '#e5989b', '#d4a373', '#b5838d', '#ffcdb2'];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI * 2 * i) / 6;
      out += el('circle', { cx: px + Math.cos(a) * u * 0.14, cy: py + Math.sin(a) * u * 0.14, r: u * 0.065, fill: shades[i] as string });
    }
    out += el('circle', { cx: px, cy: py, r: u * 0.065, fill: c0 });
    out += sparkles(d, { x: 0, y: 0, w, h }, 16, WHITE, u * 0.05);
  }
  return out;
}

export const LOGO_MARKS = ['wings', 'sunrise', 'waves', 'pan', 'rings', 'starburst', 'hibiscus', 'kite'] as const;
export type LogoMark = (typeof LOGO_MARKS)[number];

/** A partner's emblem, centred, on nothing: the strip's own background shows through. */
export function logo(d: Draw, mark: LogoMark): string {
  const { w, h, rng, p } = d;
  const [c0, c1, c2] = shuffled(rng, onLight(p, 0.6)) as [string, string, string];
  const cx = w / 2;
  const cy = h / 2;
  const s = h * 0.42;
  // Counts and proportions follow the seed too, so two partners with one mark still differ.
  const n = rng.int(0, 3);
  const k = 0.85 + rng.next() * 0.3;
  switch (mark) {
    case 'wings':
      return fan(cx - s * 0.15, cy + s * 0.35, s * 1.1 * k, { count: 5 + n, from: -100, to: -30, colours: [c0, c1], width: 0.2 })
        + fan(cx + s * 0.15, cy + s * 0.35, s * 1.1 * k, { count: 5 + n, from: 30, to: 100, colours: [c0, c1], width: 0.2 })
        + el('circle', { cx, cy: cy + s * 0.1, r: s * 0.38, fill: c2 });
    case 'sunrise': {
      let rays = '';
      const count = 7 + 2 * n;
      for (let i = 0; i < count; i++) {
        const a = Math.PI + (Math.PI * (i + 0.5)) / count;
        rays += `M${num(cx + Math.cos(a) * s * 0.75)} ${num(cy + s * 0.2 + Math.sin(a) * s * 0.75)}L${num(cx + Math.cos(a) * s * 1.05)} ${num(cy + s * 0.2 + Math.sin(a) * s * 1.05)}`;
      }
      return el('path', { d: rays, stroke: c0, 'stroke-width': s * 0.1, 'stroke-linecap': 'round' })
        + el('path', { d: `M${num(cx - s * 0.6)} ${num(cy + s * 0.2)}A${num(s * 0.6)} ${num(s * 0.6)} 0 0 1 ${num(cx + s * 0.6)} ${num(cy + s * 0.2)}Z`, fill: c0 })
        + el('path', { d: `M${num(cx - s * 1.4)} ${num(cy + s * 0.45)}q${num(s * 0.35)} ${num(-s * 0.2)} ${num(s * 0.7)} 0t${num(s * 0.7)} 0t${num(s * 0.7)} 0t${num(s * 0.7)} 0`, stroke: c1, 'stroke-width': s * 0.12, fill: 'none', 'stroke-linecap': 'round' })
        + el('path', { d: `M${num(cx - s * 1.05)} ${num(cy + s * 0.75)}q${num(s * 0.35)} ${num(-s * 0.2)} ${num(s * 0.7)} 0t${num(s * 0.7)} 0t${num(s * 0.7)} 0`, stroke: c2, 'stroke-width': s * 0.12, fill: 'none', 'stroke-linecap': 'round' });
    }
    case 'waves': {
      const clip = d.def((id) => el('clipPath', { id }, el('rect', { x: cx - s, y: cy - s, width: s * 2, height: s * 2, rx: s * 0.45 })));
      let bands = '';
      const crest = s * 0.3 * k;
      [c0, c1, c2].forEach((c, i) => {
        bands += el('path', { d: `M${num(cx - s * 1.2 - n * s * 0.1)} ${num(cy - s * 0.5 + i * s * 0.55)}q${num(s * 0.3)} ${num(-crest)} ${num(s * 0.6)} 0t${num(s * 0.6)} 0t${num(s * 0.6)} 0t${num(s * 0.6)} 0V${num(cy + s)}H${num(cx - s * 1.5)}Z`, fill: c });
      });
      return el('g', { 'clip-path': `url(#${clip})` }, el('rect', { x: cx - s, y: cy - s, width: s * 2, height: s * 2, fill: p.sky[0] }), bands);
    }
    case 'pan': {
      let notes = '';
      const count = 5 + n;
      for (let i = 0; i < count; i++) {
        const a = (Math.PI * 2 * i) / count;
        notes += el('ellipse', { cx: cx + Math.cos(a) * s * 0.55, cy: cy + Math.sin(a) * s * 0.55, rx: s * 0.2, ry: s * 0.14, fill: c1, transform: `rotate(${num((a * 180) / Math.PI)} ${num(cx + Math.cos(a) * s * 0.55)} ${num(cy + Math.sin(a) * s * 0.55)})` });
      }
      return el('circle', { cx, cy, r: s, fill: c0 }) + el('circle', { cx, cy, r: s * 0.86, fill: WHITE }) + notes + el('circle', { cx, cy, r: s * 0.22, fill: c2 });
    }
    case 'rings': {
      const gap = s * 0.7 * k;
      return el('g', { 'fill-opacity': 0.85 }, el('circle', { cx: cx - gap, cy, r: s * 0.7, fill: c0 }), el('circle', { cx, cy, r: s * 0.7, fill: c1 }), el('circle', { cx: cx + gap, cy, r: s * 0.7, fill: c2 }));
    }
    case 'starburst': {
      const pts: Array<[number, number]> = [];
      const points = 2 * (6 + 2 * n);
      for (let i = 0; i < points; i++) {
        const a = (Math.PI * 2 * i) / points - Math.PI / 2;
        const r = i % 2 ? s * 0.45 * k : s;
        pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
      }
      return el('path', { d: poly(pts), fill: c0 }) + el('circle', { cx, cy, r: s * 0.35, fill: c1 }) + sparkle(cx, cy, s * 0.25, WHITE);
    }
    case 'hibiscus': {
      let petals = '';
      const count = 5 + (n % 2);
      const turn = rng.int(0, 35);
      for (let i = 0; i < count; i++) petals += el('ellipse', { cx: 0, cy: -s * 0.5, rx: s * 0.38, ry: s * 0.55, fill: i % 2 ? c0 : c1, transform: `translate(${num(cx)} ${num(cy)}) rotate(${num((360 * i) / count + turn)})` });
      return petals + el('circle', { cx, cy, r: s * 0.2, fill: c2 }) + el('path', { d: `M${num(cx)} ${num(cy)}L${num(cx + s * 0.45)} ${num(cy - s * 0.5)}`, stroke: c2, 'stroke-width': s * 0.06, 'stroke-linecap': 'round' });
    }
    case 'kite': {
      const wide = s * (1.1 + n * 0.12);
      return el('path', { d: poly([[cx, cy - s], [cx + wide, cy], [cx, cy + s], [cx - wide, cy]]), fill: c0 })
        + el('path', { d: poly([[cx, cy - s * 0.62 * k], [cx + wide * 0.62, cy], [cx, cy + s * 0.62 * k], [cx - wide * 0.62, cy]]), fill: c1 })
        + el('path', { d: poly([[cx, cy - s * 0.28], [cx + wide * 0.28, cy], [cx, cy + s * 0.28], [cx - wide * 0.28, cy]]), fill: c2 });
    }
  }
}
