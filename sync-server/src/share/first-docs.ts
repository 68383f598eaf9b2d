// A page's first screen, carried with the page (ADR 059): the catalogue documents that screen
// draws, as a JSON data block the app writes into the device's catalogue before its first pull;
// and a preload of the picture at the top of the page, so the largest thing on screen starts
// downloading with the HTML rather than after the app has run. An item page carries its item
// (read already for the share card); the home page its first hero slides. Pure: documents in,
// HTML out.
import { FIRST_DOCS_ELEMENT_ID, MOBILE_BREAKPOINT_PX } from '../../../design-docs/src/constants.ts';
import { heroImageUrl, imageSources } from '../../../design-docs/src/image-url.ts';
import { heroSlidesInOrder } from '../../../design-docs/src/rules.ts';
import type { LooseDoc, ShareKind } from './meta.ts';
import { homePreview, injectPreview, itemPreview, previewFrame } from './first-screen-html.ts';

const HEAD_END = /<\/head\s*>/i;

/** What the app accepts in a block (web/src/data/first-docs.ts): more is not carried. */
export const FIRST_DOCS_MAX = 8;

export interface ImagePreload {
  href: string;
  /** A media query, for a picture chosen by the screen's width. */
  media?: string;
}

export interface FirstScreen {
  docs: readonly LooseDoc[];
  preloads: readonly ImagePreload[];
  /** The page's top as static HTML, painted before any script runs (first-screen-html.ts, ADR 060). */
  preview?: string;
}

/** JSON that cannot end the script element or open a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The document as a device would pull it: its fields, `_id` and `_rev`, no replication extras. */
function pulledShape(doc: LooseDoc): LooseDoc {
  const out: LooseDoc = {};
  for (const [k, v] of Object.entries(doc)) if (!k.startsWith('_') || k === '_id' || k === '_rev') out[k] = v;
  return out;
}

/** The page's head gains the pictures' preloads and the documents' data block; its body the preview. */
export function injectFirstScreen(shell: string, screen: FirstScreen): string {
  const html = screen.preview ? injectPreview(shell, screen.preview) : shell;
  const tags = screen.preloads.map(
    (p) => `<link rel="preload" as="image" href="${attr(p.href)}"${p.media ? ` media="${attr(p.media)}"` : ''} fetchpriority="high" />`,
  );
  const docs = screen.docs.slice(0, FIRST_DOCS_MAX).map(pulledShape);
  if (docs.length > 0) tags.push(`<script type="application/json" id="${FIRST_DOCS_ELEMENT_ID}">${jsonForScript(docs)}</script>`);
  if (tags.length === 0) return html;
  const block = `  ${tags.join('\n    ')}\n  `;
  return HEAD_END.test(html) ? html.replace(HEAD_END, (end) => `${block}${end}`) : `${html}\n${block}`;
}

/**
 * An item page: the item, and the first source the app will ask for its picture (the same rules,
 * design-docs/src/image-url.ts, and the same size as the detail screen's top picture).
 */
export function itemFirstScreen(kind: ShareKind, doc: LooseDoc): FirstScreen {
  const value = doc[kind.imageField];
  const image = imageSources(typeof value === 'string' ? value : null, kind.bucket, 'large')[0];
  const preview = itemPreview(kind, doc);
  return { docs: [doc], preloads: image ? [{ href: image }] : [], preview: previewFrame(preview.html, preview.images) };
}

/**
 * The home page: its active hero slides in the order the home screen shows them
 * (`heroSlidesInOrder`, design-docs/src/rules.ts), and the picture of the first one the screen
 * shows (the first with a usable wide picture), the phone's one below the breakpoint as the
 * slide's `<picture>` chooses it.
 */
export function homeFirstScreen(slides: readonly LooseDoc[]): FirstScreen {
  const active = heroSlidesInOrder(slides.filter((d) => typeof d._id === 'string')).slice(0, FIRST_DOCS_MAX);
  const picture = (d: LooseDoc, field: string) => heroImageUrl(typeof d[field] === 'string' ? d[field] : null);
  const first = active.find((d) => picture(d, 'image_url') !== null);
  const wide = first ? picture(first, 'image_url') : null;
  const mobile = first ? picture(first, 'mobile_image_url') : null;
  const preloads: ImagePreload[] = [];
  if (wide && mobile) {
    preloads.push({ href: mobile, media: `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)` }, { href: wide, media: `(min-width: ${MOBILE_BREAKPOINT_PX}px)` });
  } else if (wide) {
    preloads.push({ href: wide });
  }
  // No slide with a picture: the home screen shows its own fallback slides; the page is the shell.
  const preview = first ? homePreview(first) : null;
  return { docs: active, preloads, ...(preview ? { preview: previewFrame(preview.html, preview.images) } : {}) };
}
