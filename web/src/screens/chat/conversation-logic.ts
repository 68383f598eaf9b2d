// A conversation's pure decisions: who sent a message and under what name, which messages show
// (older pages merged in, a blocked member's public ones left out), what may be deleted.
import type { MessageLike } from './chat-logic.ts';
import { deletePath, mergeById } from './chat-logic.ts';

export interface NamedPerson {
  first_name?: string | null;
  last_name?: string | null;
  avatar_url?: string | null;
}

export interface Sender {
  name: string;
  avatarUrl: string | null;
}

export function fullName(p: NamedPerson | null | undefined): string {
  return p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : '';
}

/** The heading's name: empty while the profile is read, then 'A member' when it is not known. */
export function otherName(other: NamedPerson | null, loading: boolean): string {
  return fullName(other) || (loading ? '' : 'A member');
}

/**
 * A public message's sender (its own copy of the name where the read joined one, else the
 * directory's); null for a private message, whose two people are known.
 */
export function senderOf(m: MessageLike & NamedPerson, people: ReadonlyMap<string, NamedPerson>): Sender | null {
  if (!m.is_public) return null;
  const p = m.first_name !== undefined ? m : people.get(m.sender_id);
  return { name: fullName(p) || 'A member', avatarUrl: p?.avatar_url ?? null };
}

/** Who the report dialog names: the public sender, or the other member of a private conversation. */
export function reportedName(m: MessageLike & NamedPerson, people: ReadonlyMap<string, NamedPerson>, other: NamedPerson | null): string {
  const sender = senderOf(m, people);
  return fullName(sender ? { first_name: sender.name } : other) || 'this member';
}

/** The device's window plus older pages, oldest first; a blocked member's public messages are hidden for the one who blocked them. */
export function visibleMessages<M extends MessageLike>(older: readonly M[], window: readonly M[], isPublic: boolean, blocked: ReadonlySet<string>): M[] {
  const all = mergeById<M>(older, window);
  return isPublic ? all.filter((m) => !blocked.has(m.sender_id)) : all;
}

/** Delete shows for the server's admin path, or for the local one where the message is on the device (or the viewer is an admin). */
export function canDelete(m: MessageLike, viewer: { id: string; isAdmin: boolean }, onDevice: boolean): boolean {
  const path = deletePath(m, viewer);
  return path === 'admin' || (path === 'local' && (onDevice || viewer.isAdmin));
}
