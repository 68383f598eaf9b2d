// A member's bytes of uploads, counted by every server alike (ADR 055): one `upload_usage:{user}`
// document in `accounts` holds what their uploads keep on disk. An upload is counted before it is
// placed, with the document's revision as the lock and an exclusive write on a cluster (ADR 039),
// so two servers taking the last room at once cannot both have it. Removing an upload gives its
// bytes back, once: the give-back names the upload record, and the last few names are kept.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { UPLOAD_RETURNED_MAX, type UploadUsageDoc } from '../../../design-docs/src/schemas/account.ts';
import { BackendError } from '../backend/backend.ts';
import { putExclusive } from '../backend/exclusive-write.ts';

/** The thumbnail (128 px, made on its first request, ADR 042) is counted at upload as this much. */
export const THUMB_ALLOWANCE_BYTES = 16 * 1024;
/** Tries when other servers count the same member at the same moment. */
const MAX_TRIES = 6;
const ACCOUNTS = 'accounts';

type Usage = Omit<UploadUsageDoc, '_rev'> & { _rev?: string };

export type TakeVerdict = { ok: true } | { ok: false; used: number; limit: number } | { ok: 'busy' };

export function usageId(userId: string): string {
  return `upload_usage:${userId}`;
}

function sizeText(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What a member past the quota is told. */
export function quotaMessage(limit: number): string {
  return `Your pictures take up ${sizeText(limit)}, the most one member may keep. Pictures that nothing on Fete shows any more are removed after a day, which makes room again.`;
}

export class UploadQuota {
  private readonly call: AdminCall;
  readonly limit: number;

  constructor(call: AdminCall, limitBytes: number) {
    this.call = call;
    this.limit = limitBytes;
  }

  /** The member's counted bytes now. */
  async used(userId: string): Promise<number> {
    return (await this.read(userId, Date.now())).bytes;
  }

  /** Counts `bytes` more for the member, or says they do not fit. */
  async take(userId: string, bytes: number, now = Date.now()): Promise<TakeVerdict> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const usage = await this.read(userId, now);
      if (usage.bytes + bytes > this.limit) return { ok: false, used: usage.bytes, limit: this.limit };
      const written = await putExclusive(this.call, ACCOUNTS, { ...usage, bytes: usage.bytes + bytes, updated_at: new Date(now).toISOString() });
      if (written !== 'conflict') return { ok: true };
    }
    return { ok: 'busy' };
  }

  /**
   * Gives `bytes` back. With `recordId` it happens once per record, however often a sweep that
   * stopped half-way tries again. A member without a usage document (a deleted account) has nothing
   * to give back to: none is made.
   */
  async giveBack(userId: string, bytes: number, recordId?: string, now = Date.now()): Promise<void> {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const usage = await this.read(userId, now);
      if (usage._rev === undefined) return;
      if (recordId !== undefined && usage.returned.includes(recordId)) return;
      const returned = recordId === undefined ? usage.returned : [...usage.returned, recordId].slice(-UPLOAD_RETURNED_MAX);
      const next: Usage = { ...usage, bytes: Math.max(0, usage.bytes - bytes), returned, updated_at: new Date(now).toISOString() };
      if ((await putExclusive(this.call, ACCOUNTS, next)) !== 'conflict') return;
    }
    throw new BackendError(409, 'kept conflicting', `give back ${usageId(userId)}`);
  }

  private async read(userId: string, now: number): Promise<Usage> {
    const path = `/${ACCOUNTS}/${encodeURIComponent(usageId(userId))}`;
    const ans = await this.call('GET', `${path}?conflicts=true`);
    if (ans.status === 404) {
      return { _id: usageId(userId), type: 'upload_usage', user_id: userId, bytes: 0, returned: [], updated_at: new Date(now).toISOString() };
    }
    if (ans.status !== 200) throw new BackendError(ans.status, ans.body, `get ${usageId(userId)}`);
    const { _conflicts: conflicts, ...usage } = ans.body as Usage & { _conflicts?: string[] };
    // A branch would count on its own (each allowing the whole quota): the losers go.
    for (const rev of conflicts ?? []) await this.call('DELETE', `${path}?rev=${encodeURIComponent(rev)}`);
    return usage;
  }
}
