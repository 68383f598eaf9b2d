// An admin page's unsaved work, kept on the device (localStorage) per page: the add form and
// every row in edit mode, each edit with the version it started from. A reload, a closed tab
// or a dropped connection loses nothing typed, and a save of a kept edit still goes over the
// version the admin saw, so another admin's change meanwhile is a visible conflict (ADR 028).
// What is read back is checked leniently against the page's own draft shape: anything that
// does not fit is dropped for the page's default, never trusted as it is.
import type { StorageLike } from '../../../data/storage.ts';

/** Under a form whose draft is kept on the device (restored, or its save failed). */
export const KEPT_NOTE = 'Not saved yet. Your changes are kept on this device until you save or cancel them.';
/** In the Error panel, when drafts wait for the list. */
export const KEPT_WAITING_NOTE = 'Your unsaved changes are kept on this device and come back when the list loads.';

export interface KitEdit<D, T> {
  draft: D;
  /** The version the edit started from: the save goes over it. */
  base: T;
  /** Shown as kept on the device: restored after a reload, or a save that failed. */
  kept?: boolean;
}

export interface KitDrafts<D, T> {
  adding: boolean;
  /** The add form's draft; null when it holds nothing the admin typed. */
  add: D | null;
  edits: Record<string, KitEdit<D, T>>;
}

/** `prefix`: the admin's own device-storage prefix, so sign-out takes the drafts along. */
export function kitDraftsKey(testId: string, prefix = 'fete-'): string {
  return `${prefix}admin-kit:${testId}`;
}

/** Bounds what a page keeps: a stored blob past it is not written (the work stays on screen). */
export const KIT_DRAFTS_MAX_CHARS = 500_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKind(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  if (a === null || b === null) return a === b || a === undefined || b === undefined;
  return typeof a === typeof b;
}

/**
 * The stored draft laid over the page's template: each field of the template takes the stored
 * value when it is of the same kind (string, number, boolean, list, object), else keeps its own.
 * Fields the template lacks are dropped. Lists of objects are taken as stored (the page's check
 * runs before any save).
 */
export function reviveDraft<D>(template: D, stored: unknown): D {
  if (!isRecord(template) || !isRecord(stored)) return template;
  const out: Record<string, unknown> = { ...template };
  for (const [key, value] of Object.entries(template)) {
    if (!(key in stored)) continue;
    const candidate = stored[key];
    if (Array.isArray(value) && Array.isArray(candidate)) {
      const first = value[0];
      out[key] = first === undefined || typeof first !== 'object' ? candidate.filter((v) => typeof v !== 'object' || v === null) : candidate;
    } else if (sameKind(value, candidate)) out[key] = candidate;
  }
  return out as D;
}

interface StoredShape {
  adding: boolean;
  add: unknown;
  edits: Record<string, { draft: unknown; base: unknown }>;
}

/** What the device holds for the page, shape-checked; null when nothing (or nothing readable). */
export function readKitDrafts(storage: StorageLike | null, key: string): StoredShape | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) return null;
    const edits: StoredShape['edits'] = {};
    if (isRecord(parsed.edits)) {
      for (const [id, edit] of Object.entries(parsed.edits)) {
        if (isRecord(edit) && isRecord(edit.base) && edit.base.id === id && isRecord(edit.draft)) edits[id] = { draft: edit.draft, base: edit.base };
      }
    }
    return { adding: parsed.adding === true, add: isRecord(parsed.add) ? parsed.add : null, edits };
  } catch {
    return null;
  }
}

/** Revives what `readKitDrafts` found, against the page's own drafts. */
export function restoreKitDrafts<D, T>(stored: StoredShape | null, newDraft: () => D, draftOf: (item: T) => D): KitDrafts<D, T> {
  if (!stored) return { adding: false, add: null, edits: {} };
  const edits: Record<string, KitEdit<D, T>> = {};
  for (const [id, edit] of Object.entries(stored.edits)) {
    const base = edit.base as T;
    let template: D;
    try {
      template = draftOf(base);
    } catch {
      continue; // a base the page cannot read is not an edit it can save
    }
    edits[id] = { draft: reviveDraft(template, edit.draft), base, kept: true };
  }
  return { adding: stored.adding, add: stored.add ? reviveDraft(newDraft(), stored.add) : null, edits };
}

/** Writes the page's drafts, or removes the record when nothing is worth keeping. */
export function writeKitDrafts<D, T>(storage: StorageLike | null, key: string, drafts: KitDrafts<D, T>, emptyDraft: D): void {
  try {
    const add = drafts.add !== null && JSON.stringify(drafts.add) !== JSON.stringify(emptyDraft) ? drafts.add : null;
    const edits = Object.fromEntries(Object.entries(drafts.edits).map(([id, e]) => [id, { draft: e.draft, base: e.base }]));
    if (add === null && Object.keys(edits).length === 0) {
      storage?.removeItem(key);
      return;
    }
    const text = JSON.stringify({ adding: drafts.adding, add, edits });
    if (text.length > KIT_DRAFTS_MAX_CHARS) return;
    storage?.setItem(key, text);
  } catch {
    // full or blocked storage: the work stays on the screen only
  }
}
