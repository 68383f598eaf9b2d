// An item page's first screen, carried with the page (ADR 059): the item's document, which the
// share card's route has read already, as a JSON data block the app writes into the device's
// catalogue before its first pull; and a preload of the picture at the top of the page, so the
// largest thing on screen starts downloading with the HTML rather than after the app has run.
// Pure: a document in, HTML out.
import { FIRST_DOCS_ELEMENT_ID } from '../../../design-docs/src/constants.ts';
import { imageSources } from '../../../design-docs/src/image-url.ts';
import type { LooseDoc, ShareKind } from './meta.ts';

const HEAD_END = /<\/head\s*>/i;

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

/**
 * The page's head gains the picture's preload (the first source the app will ask for: the same
 * rules, design-docs/src/image-url.ts) and the document's data block.
 */
export function injectFirstDocs(html: string, kind: ShareKind, doc: LooseDoc): string {
  const value = doc[kind.imageField];
  const image = imageSources(typeof value === 'string' ? value : null, kind.bucket, 'large')[0];
  const tags = [
    image ? `<link rel="preload" as="image" href="${attr(image)}" fetchpriority="high" />` : '',
    `<script type="application/json" id="${FIRST_DOCS_ELEMENT_ID}">${jsonForScript([pulledShape(doc)])}</script>`,
  ].filter((t) => t !== '');
  const block = `  ${tags.join('\n    ')}\n  `;
  return HEAD_END.test(html) ? html.replace(HEAD_END, (end) => `${block}${end}`) : `${html}\n${block}`;
}
