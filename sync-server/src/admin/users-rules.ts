// The pure rules of the Users admin (ADR 026): who matches a search, in what order,
// which page, and what Extend membership sets. The routes only read and write around them.
import type { AdminUser } from '../../../design-docs/src/schemas/api.ts';

const DAY_MS = 86_400_000;

/** Case-insensitive over the first name, last name, full name and e-mail. */
export function matchesUser(u: AdminUser, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const full = `${u.first_name} ${u.last_name}`.toLowerCase();
  return full.includes(needle) || u.email.toLowerCase().includes(needle);
}

/** By name, then e-mail, so a page is stable from one request to the next. */
export function compareUsers(a: AdminUser, b: AdminUser): number {
  const an = `${a.first_name} ${a.last_name}`.trim().toLowerCase();
  const bn = `${b.first_name} ${b.last_name}`.trim().toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.email < b.email ? -1 : a.email > b.email ? 1 : 0;
}

export interface UsersPage {
  users: AdminUser[];
  total: number;
  page: number;
  per_page: number;
}

export function pageOfUsers(all: readonly AdminUser[], q: string, page: number, perPage: number): UsersPage {
  const matching = all.filter((u) => matchesUser(u, q)).sort(compareUsers);
  const start = (page - 1) * perPage;
  return { users: matching.slice(start, start + perPage), total: matching.length, page, per_page: perPage };
}

/**
 * Extend adds `days` from the later of now and the current expiry, so an expired member gets a
 * full year from today and an active one loses nothing. Null (never expires) stays null.
 */
export function extendedExpiry(current: string | null, days: number, now: Date): string | null {
  if (current === null) return null;
  const at = Date.parse(current);
  const from = Number.isNaN(at) ? now.getTime() : Math.max(at, now.getTime());
  return new Date(from + days * DAY_MS).toISOString();
}
