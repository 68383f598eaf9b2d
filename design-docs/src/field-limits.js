// The size of every field of every document, in one place (docs/limits.md). Both the Zod
// schemas (design-docs/src/schemas) and every validate_doc_update read these numbers; the
// validators get them injected into their installed source (design-docs.ts). Plain data.

/** Limits in characters (strings) and entries (lists, objects). */
export var FIELD_LIMITS = {
  /** Any text field: descriptions, bios, chat messages, form answers. */
  text: 5000,
  /** Names, titles and labels (the fields in `shortFields`). */
  short: 200,
  /** Links: `*_url` fields and the others in `linkFields`. */
  url: 2048,
  /** A document id. */
  id: 300,
  /** Entries of any list (menu items, photos, services, sizes, form fields, options). */
  list: 200,
  /** Fields of any object (a form's answers, a provider's prices). */
  keys: 100,
  /**
   * Milliseconds a "when this was written" stamp (created_at, updatedat…) may be ahead of the
   * server's clock (ADR 054). Phone clocks drift by seconds to a few minutes, and a device stamps
   * a write when it is made, not when it reaches the server; ten minutes forgives that, while a
   * message dated tomorrow can no longer sit above every real one.
   */
  stampAheadMs: 600000,
  shortFields: [
    'title', 'name', 'first_name', 'last_name', 'brand', 'category', 'cuisine', 'location', 'country', 'state',
    'territory', 'locality', 'position', 'price_range', 'label', 'email', 'item_type', 'target_type', 'status',
    'receipt_number', 'payment_method', 'membership_type', 'formtype', 'placeholder', 'type'
  ],
  linkFields: ['buttonlink', 'link', 'website', 'instagram', 'image', 'logo']
};
