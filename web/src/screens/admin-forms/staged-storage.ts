// Staged status changes kept in localStorage per form, so a reload or a lost connection never
// loses them before Save Changes. Storage may be missing or full (private mode): then they live
// in memory only, as before.
import { parseStaged, stagedStorageKey } from './submissions-rules.ts';
import type { Staged } from './submissions-rules.ts';

export function readStaged(formId: string): Staged {
  try {
    return parseStaged(window.localStorage.getItem(stagedStorageKey(formId)));
  } catch {
    return {};
  }
}

export function writeStaged(formId: string, staged: Staged): void {
  try {
    if (Object.keys(staged).length === 0) window.localStorage.removeItem(stagedStorageKey(formId));
    else window.localStorage.setItem(stagedStorageKey(formId), JSON.stringify(staged));
  } catch {
    // Kept in memory only.
  }
}
