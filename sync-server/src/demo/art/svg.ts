// The one way the demo artwork writes SVG. Only shape, paint and grouping elements can be
// named here, so no drawing can put lettering into a picture: the app prints every title itself.
import type { Rng } from '../../../../tests/fixtures/random.ts';
import type { Palette } from './palettes.ts';

export type Tag =
  | 'g' | 'defs' | 'linearGradient' | 'radialGradient' | 'stop' | 'clipPath'
  | 'rect' | 'circle' | 'ellipse' | 'path' | 'polygon' | 'polyline' | 'line';

export type Attrs = Record<string, string | number | undefined>;

/** One decimal is finer than a pixel at every size the app shows, and keeps the source short. */
export function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function attr(v: string | number): string {
  // Opacities and gradient offsets live between 0 and 1, where one decimal is too coarse.
  if (typeof v === 'number') return Math.abs(v) < 1 ? String(Math.round(v * 1000) / 1000) : num(v);
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function el(tag: Tag, attrs: Attrs = {}, ...children: string[]): string {
  let open = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) open += ` ${k}="${attr(v)}"`;
  return children.length ? `${open}>${children.join('')}</${tag}>` : `${open}/>`;
}

/** A path from points, closed. */
export function poly(points: ReadonlyArray<readonly [number, number]>): string {
  return `M${points.map(([x, y]) => `${num(x)} ${num(y)}`).join(' L')}Z`;
}

/** What every motif draws with: the canvas, its own PRNG and palette, and a place for gradients. */
export interface Draw {
  readonly w: number;
  readonly h: number;
  /** The shorter side: sizes follow it, so a motif keeps its proportions at any aspect ratio. */
  readonly u: number;
  readonly rng: Rng;
  readonly p: Palette;
  /** Adds a gradient (or clip path) under a fresh id and returns that id. */
  def(make: (id: string) => string): string;
}

export function createDraw(w: number, h: number, rng: Rng, p: Palette): Draw & { defs(): string } {
  const defs: string[] = [];
  return {
    w,
    h,
    u: Math.min(w, h),
    rng,
    p,
    def(make) {
      const id = `d${defs.length}`;
      defs.push(make(id));
      return id;
    },
    defs: () => (defs.length ? el('defs', {}, ...defs) : ''),
  };
}

/** A linear gradient from the first colour to the last; `dir` is the end point with (0,0) as start. */
export function linear(d: Draw, colours: readonly string[], dir: readonly [number, number] = [0, 1], opacities?: readonly number[]): string {
  const id = d.def((gid) => el('linearGradient', { id: gid, x1: 0, y1: 0, x2: dir[0], y2: dir[1] }, ...stops(colours, opacities)));
  return `url(#${id})`;
}

export function radial(d: Draw, colours: readonly string[], opacities?: readonly number[]): string {
  const id = d.def((gid) => el('radialGradient', { id: gid }, ...stops(colours, opacities)));
  return `url(#${id})`;
}

function stops(colours: readonly string[], opacities?: readonly number[]): string[] {
  return colours.map((c, i) => el('stop', { offset: colours.length === 1 ? 0 : i / (colours.length - 1), 'stop-color': c, 'stop-opacity': opacities?.[i] }));
}

export function svgDocument(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body}</svg>`;
}
