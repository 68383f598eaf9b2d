// The lists a catalogue document holds inside itself (ARCHITECTURE: a restaurant's menu items,
// photos and discounts, a provider's testimonials), changed one entry at a time: by an admin's
// details page (applied strictly, a stale entry is a conflict) and by a restaurant owner's edits
// written ahead on the device (replayed leniently, and safe to replay twice).

/** A sub-item: every entry of an embedded list has its own id. */
export interface SubItem {
  id: string;
}

/** One admin's change to a sub-list, with the version they edited (`base`) for an update. */
export type SubListChange<S extends SubItem> =
  | { kind: 'add'; item: S }
  | { kind: 'update'; base: S; next: S }
  | { kind: 'remove'; id: string };

/**
 * Refused when the entry an admin edited was changed or removed by someone else meanwhile:
 * the kit shows it as a conflict (status 409), like a whole document's.
 */
export class SubItemConflictError extends Error {
  readonly status = 409;
  constructor() {
    super('This entry was changed by someone else');
    this.name = 'SubItemConflictError';
  }
}

function sameEntry(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    // A missing field and a null one are the same stored value.
    if (JSON.stringify(x[k] ?? null) !== JSON.stringify(y[k] ?? null)) return false;
  }
  return true;
}

/**
 * The list after `change`, applied to the newest stored `list`: an add goes at the end, a
 * removal of an entry already gone changes nothing, and an update replaces its entry only if
 * that entry is still the version the admin edited (else SubItemConflictError). Other entries,
 * and so other admins' changes to them, are kept as they are.
 */
export function applySubListChange<S extends SubItem>(list: readonly S[], change: SubListChange<S>): S[] {
  switch (change.kind) {
    case 'add':
      return [...list, change.item];
    case 'remove':
      return list.filter((s) => s.id !== change.id);
    case 'update': {
      const current = list.find((s) => s.id === change.base.id);
      if (!current || !sameEntry(current, change.base)) throw new SubItemConflictError();
      return list.map((s) => (s.id === change.base.id ? change.next : s));
    }
  }
}

/**
 * The list after `change`, replayed from a queue that may run it twice (a publish cut off after
 * the server took it): an add of an entry already there, a removal of one already gone and an
 * update of one no longer there change nothing; an update replaces its entry whatever it holds
 * now (the owner's last word on their own restaurant).
 */
export function replaySubListChange<S extends SubItem>(list: readonly S[], change: SubListChange<S>): S[] {
  switch (change.kind) {
    case 'add':
      return list.some((s) => s.id === change.item.id) ? [...list] : [...list, change.item];
    case 'remove':
      return list.filter((s) => s.id !== change.id);
    case 'update':
      return list.map((s) => (s.id === change.base.id ? change.next : s));
  }
}
