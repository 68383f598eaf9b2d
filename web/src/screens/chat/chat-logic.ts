// Fete Chat's pure rules: the spec's texts, relative times, which text becomes a link, the
// contact list's order and search, the input's placeholder, and which delete path applies.
// No React and no data layer here, so each rule is unit-tested with a fixed clock.

/** The chat's texts, word for word as the spec quotes them. */
export const CHAT_TEXTS = {
  loading: 'Loading chat...',
  initFailed: 'Failed to initialize chat. Please try again.',
  usersFailed: 'Failed to load users. Please try refreshing the page.',
  messagesFailed: 'Failed to load messages. Please try refreshing.',
  sendFailed: 'Failed to send message. Please try again.',
  deleteFailed: 'Failed to delete message. Please try again.',
  clearFailed: 'Failed to clear chat. Please try again.',
  clearConfirm: 'Are you sure you want to clear all public messages? This action cannot be undone.',
  // Deleting a message asks first: it goes for everyone, with no way back.
  deleteTitle: 'Delete this message?',
  deleteConfirm: 'It is removed for everyone in this conversation. This action cannot be undone.',
  // A private message received goes from the receiver's inbox only (ADR 052).
  deleteReceivedTitle: 'Delete this message from your inbox?',
  retry: 'Retry',
  search: 'Search users...',
  publicChat: 'Public Chat',
  everyone: 'Everyone',
  noMessages: 'No messages yet',
  backToHome: 'Back to Home',
} as const;

export { REPORT_REASONS, REPORT_DETAILS_MAX_LENGTH as REPORT_DETAILS_MAX } from '../../../../design-docs/src/constants.ts';
export type { ReportReason } from '../../../../design-docs/src/constants.ts';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A scheme, then anything up to white space or a character that cannot sit in a bare URL.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org.").
const TRAILING = /[.,;:!?'"\])}]+$/;

/**
 * Message text as parts: only http(s) addresses become links; `javascript:`, `data:`, `www.`
 * without a scheme and everything else stay text. The screen renders parts as text nodes, so
 * no markup in a message is ever interpreted.
 */
export function messageParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    // A closing bracket belongs to the address only when it opened inside it (Wikipedia links).
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    let cut = trail.length;
    if (trail.startsWith(')')) {
      const body = raw.slice(0, raw.length - trail.length);
      if ((body.match(/\(/g) ?? []).length > (body.match(/\)/g) ?? []).length) cut--;
    }
    raw = raw.slice(0, raw.length - cut);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** 'Message {first name or everyone}...' */
export function inputPlaceholder(other: { first_name?: string | null } | null): string {
  if (!other) return 'Message everyone...';
  const first = other.first_name?.trim();
  return `Message ${first || 'this member'}...`;
}

export interface ContactPerson {
  id: string;
  first_name: string;
  last_name: string;
  /** The full name in lower case (the directory entry's search key). */
  search_key: string;
}

export interface ContactActivity {
  unread: number;
  last_message_at: string | null;
}

export type ContactRow<P extends ContactPerson> = P & ContactActivity;

/**
 * The Contacts panel: every other member not blocked, matching the search on full name; those
 * with a conversation first (newest first), then everyone else in the directory's name order.
 */
export function contactRows<P extends ContactPerson>(
  people: readonly P[],
  activity: ReadonlyMap<string, ContactActivity>,
  opts: { me: string; blocked?: ReadonlySet<string>; search?: string },
): ContactRow<P>[] {
  const q = opts.search?.trim().toLowerCase() ?? '';
  const rows: ContactRow<P>[] = [];
  for (const p of people) {
    if (p.id === opts.me || opts.blocked?.has(p.id)) continue;
    if (q && !p.search_key.includes(q)) continue;
    const a = activity.get(p.id);
    rows.push({ ...p, unread: a?.unread ?? 0, last_message_at: a?.last_message_at ?? null });
  }
  // A stable sort keeps the directory's name order among equals.
  return rows.sort((a, b) => {
    if (a.last_message_at && b.last_message_at) return a.last_message_at < b.last_message_at ? 1 : a.last_message_at > b.last_message_at ? -1 : 0;
    if (a.last_message_at) return -1;
    if (b.last_message_at) return 1;
    return 0;
  });
}

export interface MessageLike {
  _id: string;
  sender_id: string;
  receiver_id: string | null;
  is_public: boolean;
  read?: boolean;
}

/**
 * How a message can be deleted by this viewer: 'local' removes the device's copy and the push
 * carries the deletion (works offline; one's own messages, anything not yet on the server, and
 * a private message received, whose receiver clears their own copy, ADR 052); 'admin' asks the
 * server's admin path (someone else's public message); null: no delete.
 */
export function deletePath(m: MessageLike, viewer: { id: string; isAdmin: boolean }): 'local' | 'admin' | null {
  if (m.sender_id === viewer.id) return 'local';
  if (isReceived(m, viewer.id)) return 'local';
  if (m.is_public && viewer.isAdmin) return 'admin';
  return null;
}

/** A private message someone else sent to the viewer: deleting it leaves the sender's copy. */
export function isReceived(m: MessageLike, viewerId: string): boolean {
  return !m.is_public && m.receiver_id === viewerId && m.sender_id !== viewerId;
}

/**
 * What the delete confirmation says. One's own message (or an admin's deletion) goes for everyone
 * in the conversation; a message received goes from the viewer's inbox alone, and its sender,
 * named, keeps theirs.
 */
export function deleteTexts(m: MessageLike, viewerId: string, senderName: string): { title: string; message: string } {
  if (!isReceived(m, viewerId)) return { title: CHAT_TEXTS.deleteTitle, message: CHAT_TEXTS.deleteConfirm };
  const sender = senderName.trim() || 'The sender';
  return { title: CHAT_TEXTS.deleteReceivedTitle, message: `${sender} keeps their copy. This action cannot be undone.` };
}

/** Others' messages can be reported; one's own cannot. */
export function canReport(m: MessageLike, viewerId: string): boolean {
  return m.sender_id !== viewerId;
}

/** The id of my latest private message the other member has read ("Seen" goes under it). */
export function seenMessageId(messages: readonly MessageLike[], me: string): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m) continue;
    if (m.sender_id === me && !m.is_public && m.read === true) return m._id;
  }
  return null;
}

/** Whether the conversation has messages to me still unread (opening it marks them read). */
export function hasUnreadFrom(messages: readonly MessageLike[], sender: string, me: string): boolean {
  return messages.some((m) => m.sender_id === sender && m.receiver_id === me && m.read !== true);
}

/** The device's window plus older pages loaded from the server: one list, oldest first, no repeats. */
export function mergeById<M extends { _id: string }>(...lists: ReadonlyArray<readonly M[]>): M[] {
  const byId = new Map<string, M>();
  for (const list of lists) for (const m of list) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/** Close enough to the bottom that a new message should scroll into view. */
export function isNearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, slack = 64): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= slack;
}

export type DeliveryState = { kind: 'sent' } | { kind: 'waiting' } | { kind: 'refused'; reason: string };

/** A message of mine: still in the outbox (waiting), refused by the server (with why), or sent. */
export function deliveryState(id: string, pending: ReadonlySet<string>, denied: ReadonlyMap<string, string>, undelivered?: string): DeliveryState {
  // The server could not deliver it (the receiver's account is gone): a refusal like any other.
  const reason = denied.get(id) ?? undelivered;
  if (reason !== undefined) return { kind: 'refused', reason };
  return pending.has(id) ? WAITING : SENT;
}

// Shared, so an unchanged message keeps equal props and is not drawn again.
export const SENT: DeliveryState = Object.freeze({ kind: 'sent' });
const WAITING: DeliveryState = Object.freeze({ kind: 'waiting' });

/**
 * How many of the newest messages the first paint draws; the rest follow a frame later, so
 * opening the chat shows the latest messages without waiting for 500 to render.
 */
export const FIRST_PAINT_MESSAGES = 40;

/** The messages to draw: the newest `FIRST_PAINT_MESSAGES` until the first paint is done. */
export function messagesToDraw<M>(messages: readonly M[], firstPaintDone: boolean): readonly M[] {
  return firstPaintDone || messages.length <= FIRST_PAINT_MESSAGES ? messages : messages.slice(-FIRST_PAINT_MESSAGES);
}

/** Enter sends; Shift+Enter is a new line; Enter while an input method composes is neither. */
export function isSendKey(e: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return e.key === 'Enter' && !e.shiftKey && e.isComposing !== true;
}

/**
 * The composer's text across a send. The input empties as the message goes (the data layer has
 * journaled it by then), so the member can type the next one at once: a send that is slow to
 * confirm never clears what they typed since. A failed send puts its text back, ahead of
 * anything typed meanwhile, so nothing is lost.
 */
export interface ComposerState {
  text: string;
  error: string | null;
}

export type ComposerEvent = { type: 'typed'; text: string } | { type: 'sent' } | { type: 'failed'; text: string; error: string } | { type: 'refused'; error: string };

export function composerReducer(state: ComposerState, event: ComposerEvent): ComposerState {
  switch (event.type) {
    case 'typed':
      return { text: event.text, error: null };
    case 'sent':
      return { text: '', error: null };
    case 'failed':
      return { text: state.text.trim() === '' ? event.text : `${event.text}\n${state.text}`, error: event.error };
    case 'refused':
      return { ...state, error: event.error };
  }
}
