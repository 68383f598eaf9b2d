// Text contrast computed from the page's own styles: axe passed a "Coming Soon" tag
// at about 1.1:1, so this walks every piece of text on screen, finds what it is drawn on (colours,
// translucent layers, and every stop of a gradient) and works out the WCAG ratio against the
// worst of them. Text on a photo cannot be judged from styles and is listed apart.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface ContrastFinding {
  text: string;
  ratio: number;
  color: string;
  on: string;
}

interface Report {
  low: ContrastFinding[];
  checked: number;
  onImages: string[];
}

/** Every text on screen inside `root` with its worst contrast below `min`. */
export async function lowContrast(page: Page, root = 'body', min = 4.5): Promise<Report> {
  return page.evaluate(
    ({ root, min }) => {
      type Rgba = [number, number, number, number];
      const parse = (c: string): Rgba[] =>
        [...c.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
          const p = (m[1] ?? '').split(/[\s,/]+/).filter(Boolean).map(Number);
          return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
        });
      const over = (top: Rgba, under: Rgba): Rgba => {
        const a = top[3];
        return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
      };
      const lum = (c: Rgba) => {
        const ch = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (ch[0] ?? 0) + 0.7152 * (ch[1] ?? 0) + 0.0722 * (ch[2] ?? 0);
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
      };
      const css = (c: Rgba) => `rgb(${c.slice(0, 3).map((v) => Math.round(v)).join(' ')}${c[3] < 1 ? ` / ${c[3]}` : ''})`;

      /** What the element is drawn on: every candidate colour, or 'image' for a photo. */
      const backdrops = (el: Element): Rgba[] | 'image' => {
        const layers: Rgba[][] = [];
        for (let e: Element | null = el; e; e = e.parentElement) {
          const s = getComputedStyle(e);
          const image = s.backgroundImage;
          if (image && image !== 'none') {
            if (/url\(/.test(image)) return 'image';
            const stops = parse(image);
            if (stops.length > 0) {
              layers.push(stops);
              if (stops.every((c) => c[3] === 1)) break;
            }
          }
          const [color] = parse(s.backgroundColor);
          if (color && color[3] > 0) {
            layers.push([color]);
            if (color[3] === 1) break;
          }
        }
        // From the page's white up to the element, each layer over every candidate below it.
        let below: Rgba[] = [[255, 255, 255, 1]];
        for (const layer of layers.reverse()) below = layer.flatMap((c) => below.map((b) => over(c, b)));
        return below;
      };

      const low: { text: string; ratio: number; color: string; on: string }[] = [];
      const onImages: string[] = [];
      let checked = 0;
      const scope = document.querySelector(root) ?? document.body;
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || seen.has(el) || !(n.textContent ?? '').trim()) continue;
        seen.add(el);
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // Not drawn, or drawn for screen readers only.
        if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .visually-hidden, dialog:not([open])')) continue;
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
        const bg = backdrops(el);
        if (bg === 'image') {
          onImages.push(text);
          continue;
        }
        const [fg] = parse(style.color);
        if (!fg) continue;
        checked += 1;
        let worst = Infinity;
        let worstOn = '';
        for (const b of bg) {
          const r = ratio(over(fg, b), b);
          if (r < worst) [worst, worstOn] = [r, css(b)];
        }
        if (worst < min) low.push({ text, ratio: Math.round(worst * 100) / 100, color: css(fg), on: worstOn });
      }
      return { low, checked, onImages };
    },
    { root, min },
  );
}

/** Every text inside `root` reaches 4.5:1 against everything it is drawn on. */
export async function expectReadable(page: Page, label: string, root = 'main'): Promise<void> {
  const report = await lowContrast(page, root);
  expect(report.checked, `${label}: texts checked`).toBeGreaterThan(3);
  expect(report.low, `contrast below 4.5:1 on ${label}`).toEqual([]);
}
