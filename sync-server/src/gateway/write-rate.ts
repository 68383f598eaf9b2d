// Documents a member may write into the shared databases per window (docs/limits.md): 20,000 junk
// tombstones in one `_bulk_docs` once reached every device. Counted in documents, not requests, and
// checked before the request is forwarded, so a batch over the budget writes nothing at all.
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_ADMIN } from '../../../design-docs/src/databases.ts';

/** Databases every device reads: a member's writes there cost everyone. */
export const RATED_DATABASES = new Set(['catalog', 'members', 'chat']);

/** Members tracked at once; the least recently active are forgotten first (memory stays bounded). */
const MAX_TRACKED = 50_000;

export type RateVerdict = { allowed: true } | { allowed: false; retryAfter: number };

export class WriteRate {
  private readonly limit: number;
  private readonly windowMs: number;
  /** Per member: [time, documents] of each counted request, oldest first. */
  private readonly log = new Map<string, [number, number][]>();

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Admins curate the catalogue and are not counted; the server's own writes never come here. */
  take(user: UserCtx, db: string, docs: number, now = Date.now()): RateVerdict {
    if (!RATED_DATABASES.has(db) || user.name === null || user.roles.includes(ROLE_ADMIN) || docs === 0) return { allowed: true };
    const key = user.name;
    const entries = (this.log.get(key) ?? []).filter(([t]) => t > now - this.windowMs);
    const used = entries.reduce((n, [, d]) => n + d, 0);
    if (used + docs > this.limit) {
      this.remember(key, entries);
      const oldest = entries[0]?.[0] ?? now;
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    entries.push([now, docs]);
    this.remember(key, entries);
    return { allowed: true };
  }

  private remember(key: string, entries: [number, number][]): void {
    this.log.delete(key);
    if (entries.length === 0) return;
    if (this.log.size >= MAX_TRACKED) {
      const oldest = this.log.keys().next().value;
      if (oldest !== undefined) this.log.delete(oldest);
    }
    this.log.set(key, entries);
  }
}
