// Which uploads a document shows (ADR 055): every string in it that names an upload, as a bucket
// path (`{user}/{ms}-{hex}.webp`, what image fields store) or anywhere as `/uploads/{bucket}/…`
// (a `/uploads/` path, or an absolute address on a host of IMAGE_HOSTS that is this server).
// The small variant and the thumbnail name their upload too. Every string is looked at, not only
// the image fields: a new image field needs no change here, and a text that happens to name an
// upload only keeps it longer.
const BARE = /^([A-Za-z0-9_-]{1,128}\/\d{13}-[0-9a-f]{12})(?:-sm|-th)?\.webp$/;
const UNDER_UPLOADS = /\/uploads\/[a-z-]+\/([A-Za-z0-9_-]{1,128}\/\d{13}-[0-9a-f]{12})(?:-sm|-th)?\.webp/g;
/** Nesting looked into; the validators bound documents far below this. */
const MAX_DEPTH = 32;

/** The upload paths (`{user}/{ms}-{hex}.webp`) the document names. */
export function uploadPathsIn(doc: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      const bare = BARE.exec(value);
      if (bare) found.add(`${bare[1]}.webp`);
      if (value.includes('/uploads/')) for (const m of value.matchAll(UNDER_UPLOADS)) found.add(`${m[1]}.webp`);
      return;
    }
    if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
    for (const v of Array.isArray(value) ? value : Object.values(value)) visit(v, depth + 1);
  };
  visit(doc, 0);
  return found;
}

/** Whether the document names this upload. */
export function showsUpload(doc: unknown, path: string): boolean {
  return uploadPathsIn(doc).has(path);
}
