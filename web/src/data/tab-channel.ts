// Messages between the tabs of one browser: the outbox record changed (reload it), or the
// session changed (follow it). Without BroadcastChannel each tab simply stays on its own.
import type { MemberDbKey } from './local-dbs.ts';

export type TabMessage = { type: 'outbox'; key: MemberDbKey } | { type: 'session'; userId: string | null };

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface TabChannel {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): void;
  close(): void;
}

function open(nameOrChannel: string | ChannelLike | null): ChannelLike | null {
  if (typeof nameOrChannel !== 'string') return nameOrChannel;
  const Ctor = (globalThis as { BroadcastChannel?: new (name: string) => ChannelLike & { unref?: () => void } }).BroadcastChannel;
  if (!Ctor) return null;
  const channel = new Ctor(nameOrChannel);
  channel.unref?.(); // Node: do not keep a test process alive
  return channel;
}

export function createTabChannel(nameOrChannel: string | ChannelLike | null): TabChannel {
  const channel = open(nameOrChannel);
  return {
    post(message) {
      try {
        channel?.postMessage(message);
      } catch {
        // a closed channel: nobody to tell
      }
    },
    listen(listener) {
      channel?.addEventListener('message', (event) => {
        const msg = event.data as TabMessage | null;
        if (msg && (msg.type === 'outbox' || msg.type === 'session')) listener(msg);
      });
    },
    close() {
      channel?.close();
    },
  };
}
