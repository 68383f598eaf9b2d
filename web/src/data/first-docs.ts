// The catalogue documents a page carries for its first screen (ADR 059: an item page its item, the
// home page its first hero slides): written into the device's catalogue as the server has them
// (same `_rev`, `new_edits: false`), so the page draws them without waiting for the whole first
// pull, and that pull then finds them already here.
// Documents the device holds already are left alone: its copy may be newer.
import { FIRST_DOCS_ELEMENT_ID } from '../../../design-docs/src/constants.ts';
import { typeOfId } from '../../../design-docs/src/ids.ts';
import type { Database } from './pouch.ts';

/** More than a page carries: a block past these is not the server's, and is ignored. */
const MAX_DOCS = 8;
const MAX_CHARS = 256 * 1024;
const SEEDED_TYPES = new Set(['event', 'band', 'restaurant', 'provider', 'hero_slide']);
const REV = /^[1-9]\d{0,9}-[0-9a-f]{1,64}$/;

export interface FirstDoc {
  _id: string;
  _rev: string;
  [field: string]: unknown;
}

function isFirstDoc(value: unknown): value is FirstDoc {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { _id, _rev, _deleted } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || typeof _rev !== 'string' || _deleted !== undefined) return false;
  return SEEDED_TYPES.has(typeOfId(_id) ?? '') && REV.test(_rev);
}

/** The documents of the block's text; [] for no block or anything not shaped as one. */
export function parseFirstDocs(text: string | null | undefined): FirstDoc[] {
  if (!text || text.length > MAX_CHARS) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || parsed.length > MAX_DOCS) return [];
    return parsed.filter(isFirstDoc);
  } catch {
    return [];
  }
}

/** The block of this page, read once and removed, so a later render of another page never sees it. */
export function takeFirstDocs(doc: Pick<Document, 'getElementById'> | null): FirstDoc[] {
  const el = doc?.getElementById(FIRST_DOCS_ELEMENT_ID);
  if (!el) return [];
  const docs = parseFirstDocs(el.textContent);
  el.remove();
  return docs;
}

/** Writes the documents the device does not hold yet; the catalogue's listeners hear them. */
export async function seedCatalog(catalog: Database, docs: readonly FirstDoc[]): Promise<number> {
  if (docs.length === 0) return 0;
  const held = await catalog.allDocs({ keys: docs.map((d) => d._id) });
  // A deleted document counts as held: the device saw it go, and the pull will say so again.
  const have = new Set(held.rows.flatMap((r) => ('value' in r && r.value !== undefined ? [r.key] : [])));
  const missing = docs.filter((d) => !have.has(d._id));
  if (missing.length === 0) return 0;
  await catalog.bulkDocs(missing, { new_edits: false });
  return missing.length;
}
