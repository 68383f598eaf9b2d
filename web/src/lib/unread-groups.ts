// The profile menu's unread private messages, grouped per sender, and its red badge count.

export interface UnreadMessageLike {
  sender_id: string;
  content: string;
  created_at: string;
}

export interface UnreadGroup {
  senderId: string;
  count: number;
  /** The newest unread message from this sender. */
  latest: UnreadMessageLike;
}

/** Groups unread messages by sender; the sender with the newest message comes first. */
export function groupUnreadBySender(messages: readonly UnreadMessageLike[]): UnreadGroup[] {
  const groups = new Map<string, UnreadGroup>();
  for (const m of messages) {
    const g = groups.get(m.sender_id);
    if (!g) groups.set(m.sender_id, { senderId: m.sender_id, count: 1, latest: m });
    else {
      g.count++;
      if (m.created_at > g.latest.created_at) g.latest = m;
    }
  }
  return [...groups.values()].sort((a, b) => (a.latest.created_at < b.latest.created_at ? 1 : a.latest.created_at > b.latest.created_at ? -1 : 0));
}

/** Spec: the number of senders with unread messages, plus one if new receipts exist. */
export function profileBadgeCount(groups: readonly UnreadGroup[], hasNewReceipts: boolean): number {
  return groups.length + (hasNewReceipts ? 1 : 0);
}

/** A one-line preview of a message. */
export function previewText(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
