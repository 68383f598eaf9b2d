// People: avatars (head and shoulders, no initials: the app writes those itself when it needs
// them) and Fete Faces looks (a made-up face, face paint, glitter, or a hennaed hand). Faces
// have no features beyond the make-up, so no picture pretends to be a real person.
import { el, linear, num, radial } from './svg.ts';
import type { Draw } from './svg.ts';
import { backdrop, fan, shuffled, sparkle, sparkles } from './shapes.ts';
import { SKIN_TONES } from './palettes.ts';

const WHITE = '#ffffff';
const HAIR = ['#1b1212', '#2b1a12', '#3b2416', '#120c0c'];

const HAIRSTYLES = ['afro', 'wrap', 'short', 'locs', 'puffs', 'bun'] as const;
type Hairstyle = (typeof HAIRSTYLES)[number];

/** Hair drawn behind the head. */
function hairBehind(style: Hairstyle, cx: number, cy: number, u: number, hair: string): string {
  if (style === 'afro') return el('circle', { cx, cy: cy - u * 0.05, r: u * 0.26, fill: hair });
  if (style === 'locs') {
    let out = '';
    for (let i = 0; i < 8; i++) {
      const x = cx - u * 0.19 + (u * 0.38 * i) / 7;
      out += el('rect', { x: x - u * 0.025, y: cy - u * 0.12, width: u * 0.05, height: u * (0.38 + (i % 3) * 0.04), rx: u * 0.025, fill: hair });
    }
    return out;
  }
  if (style === 'puffs') return el('circle', { cx: cx - u * 0.17, cy: cy - u * 0.17, r: u * 0.1, fill: hair }) + el('circle', { cx: cx + u * 0.17, cy: cy - u * 0.17, r: u * 0.1, fill: hair });
  if (style === 'bun') return el('circle', { cx, cy: cy - u * 0.24, r: u * 0.09, fill: hair });
  return '';
}

/** Hair or a wrap over the top of the head. */
function hairOver(d: Draw, style: Hairstyle, cx: number, cy: number, u: number, hair: string, accent: string, second: string): string {
  if (style === 'wrap') {
    const wrap = el('path', { d: `M${num(cx - u * 0.165)} ${num(cy - u * 0.02)}Q${num(cx - u * 0.24)} ${num(cy - u * 0.34)} ${num(cx)} ${num(cy - u * 0.33)}Q${num(cx + u * 0.26)} ${num(cy - u * 0.32)} ${num(cx + u * 0.165)} ${num(cy - u * 0.02)}Q${num(cx)} ${num(cy - u * 0.12)} ${num(cx - u * 0.165)} ${num(cy - u * 0.02)}Z`, fill: accent });
    let dots = '';
    for (let i = 0; i < 9; i++) dots += el('circle', { cx: cx - u * 0.14 + d.rng.next() * u * 0.28, cy: cy - u * 0.28 + d.rng.next() * u * 0.18, r: u * 0.012, fill: second });
    return wrap + dots + el('circle', { cx: cx + u * 0.04, cy: cy - u * 0.33, r: u * 0.06, fill: accent }) + el('circle', { cx: cx + u * 0.04, cy: cy - u * 0.33, r: u * 0.03, fill: second });
  }
  const cap = el('path', { d: `M${num(cx - u * 0.158)} ${num(cy - u * 0.01)}Q${num(cx - u * 0.17)} ${num(cy - u * 0.22)} ${num(cx)} ${num(cy - u * 0.205)}Q${num(cx + u * 0.17)} ${num(cy - u * 0.22)} ${num(cx + u * 0.158)} ${num(cy - u * 0.01)}Q${num(cx + u * 0.05)} ${num(cy - u * 0.13)} ${num(cx - u * 0.158)} ${num(cy - u * 0.01)}Z`, fill: hair });
  if (style === 'afro') return '';
  return cap;
}

/** Head and shoulders of someone in a carnival-coloured top. */
export function avatar(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const [c0, c1, c2] = shuffled(rng, p.accents.filter((c) => c !== WHITE));
  const skin = rng.pick(SKIN_TONES);
  const hair = rng.bool(0.8) ? rng.pick(HAIR) : (c1 as string);
  const style = rng.pick(HAIRSTYLES);
  const cx = w / 2;
  const cy = h * 0.44;
  let out = backdrop(d, p.sky[0], p.sky[1]);
  for (let k = 3; k >= 1; k--) out += el('circle', { cx, cy, r: u * 0.2 * k, fill: WHITE, 'fill-opacity': 0.07 });
  out += hairBehind(style, cx, cy, u, hair);
  // Shoulders, neck, head.
  out += el('path', { d: `M${num(cx - u * 0.42)} ${num(h)}C${num(cx - u * 0.42)} ${num(h * 0.8)} ${num(cx - u * 0.3)} ${num(h * 0.72)} ${num(cx)} ${num(h * 0.71)}C${num(cx + u * 0.3)} ${num(h * 0.72)} ${num(cx + u * 0.42)} ${num(h * 0.8)} ${num(cx + u * 0.42)} ${num(h)}Z`, fill: c0 as string });
  out += el('path', { d: `M${num(cx - u * 0.07)} ${num(cy + u * 0.1)}V${num(h * 0.72)}Q${num(cx)} ${num(h * 0.8)} ${num(cx + u * 0.07)} ${num(h * 0.72)}V${num(cy + u * 0.1)}Z`, fill: skin });
  out += el('path', { d: `M${num(cx - u * 0.12)} ${num(h * 0.715)}Q${num(cx)} ${num(h * 0.86)} ${num(cx + u * 0.12)} ${num(h * 0.715)}`, stroke: c1 as string, 'stroke-width': u * 0.025, fill: 'none' });
  out += el('ellipse', { cx, cy, rx: u * 0.155, ry: u * 0.19, fill: skin });
  out += el('ellipse', { cx: cx - u * 0.05, cy: cy - u * 0.06, rx: u * 0.07, ry: u * 0.09, fill: WHITE, 'fill-opacity': 0.08 });
  out += hairOver(d, style, cx, cy, u, hair, c1 as string, c2 as string);
  if (rng.bool(0.6)) {
    for (const side of [-1, 1]) out += el('circle', { cx: cx + side * u * 0.16, cy: cy + u * 0.07, r: u * 0.03, fill: 'none', stroke: '#ffd23f', 'stroke-width': u * 0.008 });
  }
  if (rng.bool(0.4)) out += flower(cx + u * 0.13, cy - u * 0.14, u * 0.05, c2 as string);
  return out;
}

function flower(cx: number, cy: number, r: number, colour: string): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = (Math.PI * 2 * i) / 5;
    out += el('circle', { cx: cx + Math.cos(a) * r * 0.7, cy: cy + Math.sin(a) * r * 0.7, r: r * 0.55, fill: colour });
  }
  return out + el('circle', { cx, cy, r: r * 0.4, fill: '#ffd23f' });
}

const LOOKS = ['glam', 'paint', 'glitter', 'henna'] as const;
type Look = (typeof LOOKS)[number];

/** Closed eyes, lid colour and lashes, at (x, y), `side` -1 for the left one. */
function eye(x: number, y: number, u: number, side: -1 | 1, lid: string | null, liner: string): string {
  const wdt = u * 0.1;
  const inner = x - side * wdt * 0.5;
  const outer = x + side * wdt * 0.55;
  let out = '';
  if (lid) out += el('path', { d: `M${num(inner)} ${num(y)}Q${num(x)} ${num(y - u * 0.1)} ${num(outer + side * u * 0.02)} ${num(y - u * 0.035)}Q${num(x)} ${num(y - u * 0.02)} ${num(inner)} ${num(y)}Z`, fill: lid });
  let lashes = '';
  for (let i = 0; i < 5; i++) {
    const t = 0.3 + i * 0.16;
    const lx = inner + (outer - inner) * t;
    const ly = y + Math.sin(t * Math.PI) * u * 0.018;
    lashes += `M${num(lx)} ${num(ly)}l${num(side * u * 0.012)} ${num(u * 0.025)}`;
  }
  out += el('path', { d: `M${num(inner)} ${num(y)}Q${num(x)} ${num(y + u * 0.04)} ${num(outer)} ${num(y - u * 0.005)}${lashes}`, stroke: liner, 'stroke-width': u * 0.008, 'stroke-linecap': 'round', fill: 'none' });
  return out;
}

function lips(cx: number, y: number, u: number, colour: string): string {
  const wdt = u * 0.08;
  return el('path', { d: `M${num(cx - wdt)} ${num(y)}Q${num(cx - wdt * 0.5)} ${num(y - u * 0.03)} ${num(cx)} ${num(y - u * 0.012)}Q${num(cx + wdt * 0.5)} ${num(y - u * 0.03)} ${num(cx + wdt)} ${num(y)}Q${num(cx)} ${num(y + u * 0.05)} ${num(cx - wdt)} ${num(y)}Z`, fill: colour })
    + el('path', { d: `M${num(cx - wdt * 0.95)} ${num(y)}Q${num(cx)} ${num(y + u * 0.008)} ${num(cx + wdt * 0.95)} ${num(y)}`, stroke: '#000000', 'stroke-opacity': 0.3, 'stroke-width': u * 0.005, fill: 'none' });
}

/** A made-up face under a feather crown: the Fete Faces client photo. */
export function face(d: Draw, look: Look): string {
  if (look === 'henna') return hand(d);
  const { w, h, u, rng, p } = d;
  const [c0, c1, c2, c3] = shuffled(rng, p.accents) as [string, string, string, string];
  const skin = rng.pick(SKIN_TONES);
  const cx = w / 2;
  const cy = h * 0.5;
  const backdropAndSparkles = backdrop(d, p.sky[0], p.sky[1]) + sparkles(d, { x: 0, y: 0, w, h }, 12, WHITE, u * 0.035);
  // A crown of feathers, of rays or of flowers, and a tilt of the head, so three looks side by
  // side on a provider's page read as three photos.
  const crown = rng.pick(['feathers', 'rays', 'flowers'] as const);
  const tilt = (rng.next() - 0.5) * 16;
  let out = '';
  if (crown === 'feathers') out += fan(cx, cy - u * 0.05, u * 0.62, { count: 13, from: -75, to: 75, colours: [c0, c1, c2], eyes: [c3], opacity: 0.95 });
  else if (crown === 'rays') {
    let rays = '';
    for (let i = 0; i < 21; i++) {
      const a = Math.PI * (1.05 + (0.9 * i) / 20);
      const b = a + 0.05;
      rays += `M${num(cx)} ${num(cy - u * 0.05)}L${num(cx + Math.cos(a) * u * 0.62)} ${num(cy - u * 0.05 + Math.sin(a) * u * 0.62)}L${num(cx + Math.cos(b) * u * 0.62)} ${num(cy - u * 0.05 + Math.sin(b) * u * 0.62)}Z`;
    }
    out += el('path', { d: rays, fill: c0 }) + el('circle', { cx, cy: cy - u * 0.05, r: u * 0.44, fill: c1, 'fill-opacity': 0.8 });
  }
  out += el('circle', { cx, cy: cy - u * 0.05, r: u * (0.34 + rng.next() * 0.04), fill: rng.pick(HAIR) });
  if (crown === 'flowers') {
    for (let i = 0; i < 7; i++) {
      const a = Math.PI * (1.12 + (0.76 * i) / 6);
      out += flower(cx + Math.cos(a) * u * 0.34, cy - u * 0.05 + Math.sin(a) * u * 0.36, u * 0.075, [c0, c1, c2][i % 3] as string);
    }
  }
  // Shoulders and neck (reaching below the frame, so a tilt leaves no gap), then the face.
  out += el('path', { d: `M${num(cx - u * 0.6)} ${num(h + u * 0.3)}L${num(cx - u * 0.55)} ${num(h)}C${num(cx - u * 0.5)} ${num(cy + u * 0.55)} ${num(cx - u * 0.2)} ${num(cy + u * 0.5)} ${num(cx)} ${num(cy + u * 0.5)}C${num(cx + u * 0.2)} ${num(cy + u * 0.5)} ${num(cx + u * 0.5)} ${num(cy + u * 0.55)} ${num(cx + u * 0.55)} ${num(h)}L${num(cx + u * 0.6)} ${num(h + u * 0.3)}Z`, fill: skin });
  out += el('rect', { x: cx - u * 0.1, y: cy + u * 0.2, width: u * 0.2, height: u * 0.35, fill: skin });
  out += el('ellipse', { cx, cy, rx: u * 0.25, ry: u * 0.32, fill: skin });
  out += el('ellipse', { cx: cx - u * 0.08, cy: cy - u * 0.1, rx: u * 0.12, ry: u * 0.16, fill: radial(d, [WHITE, WHITE], [0.14, 0]) });
  // A jewelled band across the hairline.
  let band = '';
  for (let i = 0; i <= 10; i++) {
    const a = Math.PI * (1.15 + (0.7 * i) / 10);
    band += el('circle', { cx: cx + Math.cos(a) * u * 0.26, cy: cy - u * 0.02 + Math.sin(a) * u * 0.3, r: u * (i % 2 ? 0.014 : 0.022), fill: i % 2 ? WHITE : c0 });
  }
  out += band;
  const ey = cy - u * 0.02;
  const lid = look === 'paint' ? null : linear(d, [c1, c0], [1, 0]);
  out += eye(cx - u * 0.1, ey, u, -1, lid, '#1b1212') + eye(cx + u * 0.1, ey, u, 1, lid, '#1b1212');
  out += el('path', { d: `M${num(cx - u * 0.16)} ${num(ey - u * 0.09)}Q${num(cx - u * 0.1)} ${num(ey - u * 0.12)} ${num(cx - u * 0.04)} ${num(ey - u * 0.095)}M${num(cx + u * 0.04)} ${num(ey - u * 0.095)}Q${num(cx + u * 0.1)} ${num(ey - u * 0.12)} ${num(cx + u * 0.16)} ${num(ey - u * 0.09)}`, stroke: '#1b1212', 'stroke-width': u * 0.014, 'stroke-linecap': 'round', fill: 'none' });
  out += el('path', { d: `M${num(cx - u * 0.012)} ${num(cy + u * 0.08)}Q${num(cx)} ${num(cy + u * 0.1)} ${num(cx + u * 0.012)} ${num(cy + u * 0.08)}`, stroke: '#000000', 'stroke-opacity': 0.25, 'stroke-width': u * 0.008, fill: 'none', 'stroke-linecap': 'round' });
  out += lips(cx, cy + u * 0.17, u, rng.pick(['#b0174f', '#d62839', '#8e1b3f', '#c05a3c', c1]));
  if (look === 'glam') {
    // Gems along the brow bone and under the outer corners.
    for (const side of [-1, 1]) {
      for (let i = 0; i < 4; i++) out += el('circle', { cx: cx + side * u * (0.16 + i * 0.015), cy: ey - u * 0.05 + i * u * 0.03, r: u * (0.012 - i * 0.002), fill: i % 2 ? c2 : WHITE });
      out += sparkle(cx + side * u * 0.19, ey - u * 0.1, u * 0.03, WHITE);
    }
  } else if (look === 'paint') {
    // J'ouvert paint: stripes and dots across the cheeks and forehead.
    for (const side of [-1, 1]) {
      for (let i = 0; i < 3; i++) out += el('path', { d: `M${num(cx + side * u * 0.08)} ${num(cy + u * (0.06 + i * 0.045))}Q${num(cx + side * u * 0.16)} ${num(cy + u * (0.03 + i * 0.045))} ${num(cx + side * u * 0.23)} ${num(cy + u * (0.05 + i * 0.045))}`, stroke: [c0, c1, c2][i] as string, 'stroke-width': u * 0.022, 'stroke-linecap': 'round', fill: 'none' });
    }
    for (let i = 0; i < 7; i++) out += el('circle', { cx: cx - u * 0.12 + (u * 0.24 * i) / 6, cy: cy - u * 0.17 - Math.sin((i / 6) * Math.PI) * u * 0.04, r: u * 0.016, fill: [c0, c1, c2, c3][i % 4] as string });
    out += el('path', { d: `M${num(cx)} ${num(cy - u * 0.24)}l${num(u * 0.03)} ${num(u * 0.05)}l${num(-u * 0.03)} ${num(u * 0.05)}l${num(-u * 0.03)} ${num(-u * 0.05)}Z`, fill: c1 });
  } else {
    // Glitter over the lids, temples and cheekbones.
    const colours = [WHITE, '#ffd23f', c2, '#c0f5ff'];
    for (const side of [-1, 1]) {
      for (let i = 0; i < 22; i++) {
        const a = rng.next() * Math.PI * 2;
        const k = Math.sqrt(rng.next());
        out += el('circle', { cx: cx + side * u * 0.17 + Math.cos(a) * k * u * 0.08, cy: cy + u * 0.02 + Math.sin(a) * k * u * 0.09, r: u * (0.004 + rng.next() * 0.008), fill: rng.pick(colours) });
      }
      out += sparkle(cx + side * u * 0.2, cy - u * 0.04, u * 0.035, WHITE);
    }
  }
  return backdropAndSparkles + el('g', { transform: `rotate(${num(tilt)} ${num(cx)} ${num(cy + u * 0.5)})` }, out);
}

/** A hand with henna: palm and fingers, patterned in fine lines and dots. */
function hand(d: Draw): string {
  const { w, h, u, rng, p } = d;
  const skin = rng.pick(SKIN_TONES.slice(2));
  const ink = '#6b2a12';
  const cx = w / 2;
  const cy = h * 0.58;
  let out = backdrop(d, p.pale, p.sky[0]);
  out += sparkles(d, { x: 0, y: 0, w, h }, 10, p.accents[0] === WHITE ? (p.accents[1] as string) : p.accents[0], u * 0.03);
  const tilt = -12 + rng.next() * 24;
  const finger = u * 0.085;
  // Fingers and thumb as round-capped strokes: [base x, tip x, tip y] as shares of u from the palm centre.
  const fingers: Array<[number, number, number]> = [[-0.13, -0.16, -0.42], [-0.045, -0.05, -0.5], [0.045, 0.05, -0.5], [0.13, 0.16, -0.42]];
  let palmShape = el('rect', { x: cx - u * 0.14, y: cy + u * 0.1, width: u * 0.28, height: h, rx: u * 0.08, fill: skin });
  palmShape += el('ellipse', { cx, cy, rx: u * 0.2, ry: u * 0.24, fill: skin });
  let strokes = `M${num(cx - u * 0.15)} ${num(cy + u * 0.08)}L${num(cx - u * 0.31)} ${num(cy - u * 0.1)}`;
  for (const [bx, tx, ty] of fingers) strokes += `M${num(cx + bx * u)} ${num(cy - u * 0.1)}L${num(cx + tx * u)} ${num(cy + ty * u)}`;
  palmShape += el('path', { d: strokes, stroke: skin, 'stroke-width': finger, 'stroke-linecap': 'round', fill: 'none' });
  // The pattern: a mandala on the palm, dotted bands and dyed tips on the fingers.
  let pattern = '';
  for (let k = 1; k <= 3; k++) pattern += el('circle', { cx, cy, r: u * 0.035 * k, fill: 'none', stroke: ink, 'stroke-width': u * 0.006 });
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    pattern += el('circle', { cx: cx + Math.cos(a) * u * 0.14, cy: cy + Math.sin(a) * u * 0.14, r: u * 0.012, fill: ink });
  }
  let bands = '';
  for (const [bx, tx, ty] of fingers) {
    const x0 = cx + bx * u;
    const y0 = cy - u * 0.1;
    const x1 = cx + tx * u;
    const y1 = cy + ty * u;
    pattern += el('circle', { cx: x1, cy: y1, r: finger * 0.5, fill: ink });
    for (const t of [0.35, 0.6]) {
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      bands += `M${num(x - finger * 0.42)} ${num(y)}h${num(finger * 0.84)}`;
    }
  }
  pattern += el('path', { d: bands, stroke: ink, 'stroke-width': u * 0.006, 'stroke-dasharray': `${num(u * 0.008)} ${num(u * 0.006)}` });
  for (let k = 0; k < 4; k++) pattern += el('path', { d: `M${num(cx - u * 0.13)} ${num(cy + u * (0.28 + k * 0.05))}q${num(u * 0.13)} ${num(u * 0.04)} ${num(u * 0.26)} 0`, stroke: ink, 'stroke-width': u * 0.006, fill: 'none' });
  out += el('g', { transform: `rotate(${num(tilt)} ${num(cx)} ${num(cy)})` }, palmShape, pattern);
  return out;
}
