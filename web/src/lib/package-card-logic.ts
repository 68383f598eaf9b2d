// The pure rules of a Fete Packages / Fete Rides card: where its button goes, and which colours it
// may paint. Both read admin-entered strings, so neither trusts them.
import { PACKAGE_COLOURS, RIDE_COLOURS, PACKAGE_DEFAULTS, RIDE_DEFAULTS, colourPresetFor } from '../../../design-docs/src/constants.ts';
import type { ColourPreset } from '../../../design-docs/src/constants.ts';
import { safeExternalUrl } from './external-url.ts';

export type CardType = 'package' | 'ride';

export type ButtonTarget = { kind: 'app'; to: string } | { kind: 'new-tab'; href: string };

/** A path of this origin: "//host" and "/\host" would leave it. */
function isLocalPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/**
 * The spec's three-way rule: a `/form/` link navigates in the app, any other link opens a new
 * tab, no link goes to the item's own form. A link that is no link at all (`javascript:`, plain
 * words) is treated as none, so the member still reaches a form instead of a dead button.
 */
export function buttonTarget(item: { id: string; buttonlink?: string | null }, type: CardType): ButtonTarget {
  const link = item.buttonlink?.trim() ?? '';
  if (link.startsWith('/form/')) return { kind: 'app', to: link };
  if (isLocalPath(link)) return { kind: 'new-tab', href: link };
  const url = safeExternalUrl(link);
  if (url) return { kind: 'new-tab', href: url };
  return { kind: 'app', to: `/form/${type}/${encodeURIComponent(item.id)}` };
}

export interface CardColours {
  /** Gradient start and end, as CSS hex colours. */
  from: string;
  to: string;
  /** The card's text colour. */
  text: string;
  /** The button sits on the text colour, so its label takes the opposite of it. */
  buttonText: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const TEXT_CLASSES: Record<string, string> = { 'text-white': '#ffffff', 'text-black': '#000000' };

function knownPreset(bgcolor: string): ColourPreset | null {
  return [...PACKAGE_COLOURS, ...RIDE_COLOURS].find((p) => p.bgcolor === bgcolor) ?? null;
}

function toRgb(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a hex colour. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `hex`. */
export function readableOn(hex: string): string {
  const l = luminance(hex);
  // Contrast with black (l+0.05)/0.05 against with white 1.05/(l+0.05): equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
}

/**
 * The colours a card may use. `bgcolor` is a preset's class pair (`from-red-500 to-red-700`) or a
 * hex colour; `textcolor` is `text-white`, `text-black` or a hex colour. Anything else falls back
 * (the type's default preset, or the text that reads on the background), so a mistyped value
 * never reaches a style attribute nor breaks the page.
 */
export function cardColours(bgcolor: unknown, textcolor: unknown, type: CardType): CardColours {
  const bg = typeof bgcolor === 'string' ? bgcolor.trim() : '';
  const preset = knownPreset(bg);
  let from: string;
  let to: string;
  if (preset) ({ from, to } = preset);
  else if (HEX.test(bg)) from = to = bg.toLowerCase();
  else ({ from, to } = colourPresetFor(type === 'ride' ? RIDE_DEFAULTS.bgcolor : PACKAGE_DEFAULTS.bgcolor));

  const tc = typeof textcolor === 'string' ? textcolor.trim() : '';
  const text = TEXT_CLASSES[tc] ?? (HEX.test(tc) ? tc.toLowerCase() : (preset?.text ?? readableOn(to)));
  return { from, to, text, buttonText: readableOn(text) };
}
