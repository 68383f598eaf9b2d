// One `upload:{path}` record in `accounts` per stored upload (ADR 055): its owner, bucket and
// bytes, and what the sweep knows of the documents that show it. Kept in the engine, not on the
// disk beside the files, so every server sees them, and moving the files into the engine later
// changes where the bytes live, not how they are counted.
import type { AdminCall } from '../../../couch/src/provision.ts';
import type { UploadBucket } from '../../../design-docs/src/constants.ts';
import type { UploadRecordDoc } from '../../../design-docs/src/schemas/account.ts';
import { deleteDoc, getDoc, putDoc } from '../auth/doc-store.ts';

export const ACCOUNTS = 'accounts';

export type UploadRecord = UploadRecordDoc & { _rev?: string };

export function recordId(path: string): string {
  return `upload:${path}`;
}

export function newRecord(owner: string, bucket: UploadBucket, path: string, bytes: number, counted: boolean, now: number, unusedMs: number): UploadRecord {
  return {
    _id: recordId(path),
    type: 'upload',
    owner,
    bucket,
    path,
    bytes,
    counted,
    created_at: new Date(now).toISOString(),
    refs: [],
    pinned: false,
    seen_at: null,
    unreferenced_at: null,
    // A fresh upload is first looked at once it could have been unused for the whole time.
    check_after: new Date(now + unusedMs).toISOString(),
  };
}

export async function readRecord(call: AdminCall, path: string): Promise<UploadRecord | null> {
  return getDoc<UploadRecord>(call, ACCOUNTS, recordId(path));
}

/** Creates the record; when one exists already (an earlier attempt with the same key), that one. */
export async function createRecord(call: AdminCall, record: UploadRecord): Promise<{ created: true; rev: string } | { created: false; existing: UploadRecord | null }> {
  const res = await putDoc(call, ACCOUNTS, record);
  if (res !== 'conflict') return { created: true, rev: res.rev };
  return { created: false, existing: await readRecord(call, record.path) };
}

export async function removeRecord(call: AdminCall, path: string): Promise<void> {
  await deleteDoc(call, ACCOUNTS, recordId(path));
}
