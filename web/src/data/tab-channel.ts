// Messages between the tabs of one browser: the outbox record changed (reload it), the
// session changed (follow it), or a refresh answered (take its grant rather than rotating the
// cookie again). Without BroadcastChannel each tab simply stays on its own.
import type { AuthGrant } from './auth-api.ts';
import type { MemberDbKey } from './local-dbs.ts';

export type TabMessage =
  | { type: 'outbox'; key: MemberDbKey }
  | { type: 'session'; userId: string | null }
  | { type: 'grant'; grant: AuthGrant };

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
        if (msg && (msg.type === 'outbox' || msg.type === 'session' || msg.type === 'grant')) listener(msg);
      });
    },
    close() {
      channel?.close();
    },
  };
}
