// The pure rules every catalogue admin page shares: the words
// built from the page's thing, the search, the tags typed one at a time and the '+N' of cards.

export interface KitTexts {
  heading: string;
  /** The thing of "Are you sure you want to delete this {thing}?" and of the alerts. */
  thing: string;
  loadFailed: string;
  empty: string;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
  added: string;
  updated: string;
  deleted: string;
  addHeading: string;
  listLabel: string;
  searchLabel: string;
  /** The plural of `thing` ('events'), for the count above the list. */
  things?: string;
  /** When a search leaves nothing of a list that has items; else `empty` is shown. */
  noMatch?: string;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The texts of a page from its thing: 'Failed to add {thing}', '{Thing} updated
 * successfully', 'Failed to load {things}. Please try again later.', 'No {things} found.'.
 */
export function kitTexts(heading: string, thing: string, things: string): KitTexts {
  return {
    heading,
    thing,
    loadFailed: `Failed to load ${things}. Please try again later.`,
    empty: `No ${things} found.`,
    addFailed: `Failed to add ${thing}`,
    updateFailed: `Failed to update ${thing}`,
    deleteFailed: `Failed to delete ${thing}`,
    added: `${capitalised(thing)} added successfully`,
    updated: `${capitalised(thing)} updated successfully`,
    deleted: `${capitalised(thing)} deleted successfully`,
    addHeading: `Add ${capitalised(thing)}`,
    listLabel: capitalised(things),
    searchLabel: `Search ${things}`,
    things,
  };
}

export function deleteQuestion(thing: string): string {
  return `Are you sure you want to delete this ${thing}?`;
}

/** A searched field: text, a list of texts (services), or nothing. */
export type SearchValue = string | readonly string[] | null | undefined;

/**
 * Case-insensitive substring match of `query` over the fields the page searches (`fieldsOf` gives
 * them for an item). A blank query keeps everything; the order is kept.
 */
export function searchItems<T>(items: readonly T[], query: string, fieldsOf: (item: T) => readonly SearchValue[]): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...items];
  return items.filter((item) =>
    fieldsOf(item).some((v) => {
      if (v == null) return false;
      const texts = typeof v === 'string' ? [v] : v;
      return texts.some((t) => t.toLowerCase().includes(q));
    }),
  );
}

// Separates the fields so that a query never matches across two of them.
const SEP = '\u0000';

/**
 * The lower-case text an item is searched in, made once per item when the list loads (5,000
 * events must filter within a keystroke): the fields the page searches, joined.
 */
export function searchTextOf(fields: readonly SearchValue[]): string {
  const parts: string[] = [];
  for (const v of fields) {
    if (v == null) continue;
    if (typeof v === 'string') parts.push(v);
    else parts.push(...v);
  }
  return parts.join(SEP).toLowerCase();
}

/** `searchItems` over texts made by `searchTextOf` (texts[i] is items[i]'s). */
export function filterBySearchText<T>(items: readonly T[], texts: readonly string[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...items];
  return items.filter((_, i) => (texts[i] as string).includes(q));
}

/** Rows drawn at first and added by each 'Show more': a long list draws quickly. */
export const KIT_PAGE_SIZE = 50;

/** The count above the list: 'Showing 50 of 5000 events', 'Showing 3 events', 'Showing 1 event'. */
export function shownCountText(shown: number, total: number, texts: Pick<KitTexts, 'thing' | 'things' | 'listLabel'>): string {
  const noun = total === 1 ? texts.thing : (texts.things ?? texts.listLabel.toLowerCase());
  return shown < total ? `Showing ${shown} of ${total} ${noun}` : `Showing ${total} ${noun}`;
}

/**
 * A size, colour or service typed and added: trimmed, ignored when blank or already there
 * (the same letters in any case count as already there). Returns the list unchanged then.
 */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim();
  if (!tag) return [...tags];
  const lower = tag.toLowerCase();
  if (tags.some((t) => t.toLowerCase() === lower)) return [...tags];
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/** A card's tags: at most `max` (3) shown, then '+N' for the rest ('' when none are left). */
export function tagPreview(tags: readonly string[] | null | undefined, max = 3): { shown: string[]; more: string } {
  const all = tags ?? [];
  const rest = all.length - max;
  return { shown: all.slice(0, max), more: rest > 0 ? `+${rest}` : '' };
}

/** Text typed in a form → the stored optional text: trimmed, null when blank. */
export function optionalText(text: string): string | null {
  const t = text.trim();
  return t === '' ? null : t;
}

/** A typed amount: '' → null, '12.5' → 12.5, anything else stays the text so the schema refuses it. */
export function parseAmount(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : t;
}

