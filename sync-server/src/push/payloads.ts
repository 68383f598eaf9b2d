// What each kind of push says (issue 26, ADR 048). The lock screen shows it to anyone holding
// the phone, so a private message names its sender and never its text.
import type { ServerContext } from '../context.ts';
import { profileId } from '../../../design-docs/src/ids.ts';
import { getDoc } from '../auth/doc-store.ts';
import { listDevices } from './subscriptions.ts';
import type { PushOptions, PushPayload } from './sender.ts';

const DAY_S = 24 * 3600;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The bell's own text (a sentence on its own here), at the member's submission in Forms Status. */
export function statusPush(submissionId: string, bellText: string): { payload: PushPayload; opts: PushOptions } {
  return {
    payload: { title: 'Fete', body: clip(bellText.charAt(0).toUpperCase() + bellText.slice(1), 240), url: `/dashboard?tab=forms#submission-${submissionId}`, tag: `submission:${submissionId}` },
    // Still worth reading days later; nothing hurries.
    opts: { ttl: 7 * DAY_S, urgency: 'normal' },
  };
}

export function messagePush(senderId: string, senderName: string, count: number): { payload: PushPayload; opts: PushOptions } {
  return {
    payload: {
      title: clip(senderName, 80),
      body: count === 1 ? 'Sent you a message' : `Sent you ${count} messages`,
      url: `/fete-chat?selectedUserId=${encodeURIComponent(senderId)}`,
      // One notification per conversation, replaced as messages come.
      tag: `chat:${senderId}`,
    },
    opts: { ttl: DAY_S, urgency: 'high' },
  };
}

/** New private messages in a receiver's userdb (the fan-out worker's copies): one push per batch. */
export function pushNewMessages(ctx: ServerContext, receiver: string, sender: string, count: number): void {
  void (async () => {
    // Most members have no device subscribed: then not even the profile is read.
    if ((await listDevices(ctx.adminCall, receiver)).length === 0) return;
    const profile = await getDoc<{ first_name?: string; last_name?: string }>(ctx.adminCall, 'members', profileId(sender));
    const name = [profile?.first_name, profile?.last_name].filter((s) => typeof s === 'string' && s.trim() !== '').join(' ') || 'A Fete member';
    const { payload, opts } = messagePush(sender, name, count);
    ctx.push.notify(receiver, payload, opts);
  })().catch((err: unknown) => ctx.log('warn', 'could not queue a message push', err));
}
