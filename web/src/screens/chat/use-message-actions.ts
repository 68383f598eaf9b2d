// One stable actions object for every message (MessageItem is memoised): it finds the message by
// id and reaches the latest handlers through a ref, so a new message redraws that message alone.
import { useMemo, useRef } from 'react';
import type { MessageActions } from './message-item.tsx';

export interface MessageHandlers<M> {
  remove(m: M): void;
  retry(m: M): void;
  report(m: M): void;
}

export function useMessageActions<M extends { _id: string }>(messages: readonly M[], handlers: MessageHandlers<M>): MessageActions {
  const latest = useRef({ handlers, byId: new Map<string, M>() });
  latest.current = { handlers, byId: new Map(messages.map((m) => [m._id, m])) };
  return useMemo<MessageActions>(() => {
    const call = (name: keyof MessageHandlers<M>) => (id: string) => {
      const m = latest.current.byId.get(id);
      if (m) latest.current.handlers[name](m);
    };
    return { remove: call('remove'), retry: call('retry'), report: call('report') };
  }, []);
}
