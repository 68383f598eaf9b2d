// Staged status changes kept in localStorage per form, so a reload or a lost connection never
// loses them before Save Changes. Storage may be missing or full (private mode): then they live
// in memory only, as before.
import { parseStaged, stagedStorageKey } from './submissions-logic.ts';
import type { Staged } from './submissions-logic.ts';

export function readStaged(formId: string, prefix?: string): Staged {
  try {
    return parseStaged(window.localStorage.getItem(stagedStorageKey(formId, prefix)));
  } catch {
    return {};
  }
}

export function writeStaged(formId: string, staged: Staged, prefix?: string): void {
  try {
    if (Object.keys(staged).length === 0) window.localStorage.removeItem(stagedStorageKey(formId, prefix));
    else window.localStorage.setItem(stagedStorageKey(formId, prefix), JSON.stringify(staged));
  } catch {
    // Kept in memory only.
  }
}
