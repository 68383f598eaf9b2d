// What each kind of push says (ADR 048). The lock screen shows it to anyone holding
// the phone, so a private message names its sender and never its text.
import type { ServerContext } from '../context.ts';
import { profileId } from '../../../design-docs/src/ids.ts';
import { getDoc } from '../auth/doc-store.ts';
import type { PushMessage } from './sender.ts';

const DAY_S = 24 * 3600;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
/**
 * A member's name in a push title, in at most this many characters: the name is theirs to
 * choose, so it is clipped, and the title's fixed part says a member sent it. A name as long
 * as a sentence ("Fete Security: your account is locked, call …") can then never read as the
 * app's own title.
 */
export const PUSH_NAME_MAX = 40;

/** "New message from {name}": the name on one line, clipped (by code point, never half an emoji). */
export function messageTitle(senderName: string): string {
  // Line breaks and other control or format characters would hide the fixed part or fake a second line.
  const name = senderName.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ').trim() || 'A Fete member';
  const chars = [...name];
  const short = chars.length <= PUSH_NAME_MAX ? name : `${chars.slice(0, PUSH_NAME_MAX - 1).join('').trimEnd()}…`;
  return `New message from ${short}`;
}

/** The bell's own text (a sentence on its own here), at the member's submission in Forms Status. */
export function statusPush(submissionId: string, bellText: string): PushMessage {
  return {
    payload: { title: 'Fete', body: clip(bellText.charAt(0).toUpperCase() + bellText.slice(1), 240), url: `/dashboard?tab=forms#submission-${submissionId}`, tag: `submission:${submissionId}` },
    // Still worth reading days later; nothing hurries.
    opts: { ttl: 7 * DAY_S, urgency: 'normal' },
  };
}

export function messagePush(senderId: string, senderName: string, texts: string[], preview: boolean): PushMessage {
  const last = texts.at(-1) ?? '';
  return {
    payload: {
      title: messageTitle(senderName),
      body: preview && last.trim() !== '' ? clip(last, 240) : texts.length === 1 ? 'Sent you a message' : `Sent you ${texts.length} messages`,
      url: `/fete-chat?selectedUserId=${encodeURIComponent(senderId)}`,
      // One notification per conversation, replaced as messages come.
      tag: `chat:${senderId}`,
    },
    opts: { ttl: DAY_S, urgency: 'high' },
  };
}

/** New private messages in a receiver's userdb (the fan-out worker's copies): one push per batch. */
export function pushNewMessages(ctx: ServerContext, receiver: string, sender: string, texts: string[]): void {
  ctx.push.notify(receiver, 'messages', async (prefs) => {
    const profile = await getDoc<{ first_name?: string; last_name?: string }>(ctx.adminCall, 'members', profileId(sender));
    const name = [profile?.first_name, profile?.last_name].filter((s) => typeof s === 'string' && s.trim() !== '').join(' ') || 'A Fete member';
    return messagePush(sender, name, texts, prefs.previews);
  });
}
