// One stable actions object for every message (MessageItem is memoised): it finds the message by
// id and reaches the latest handlers through `useLatest`, so a new message redraws that message alone.
import { useMemo } from 'react';
import { useLatest } from '../../lib/use-latest.ts';
import type { MessageActions } from './message-item.tsx';

export interface MessageHandlers<M> {
  remove(m: M): void;
  retry(m: M): void;
  report(m: M): void;
}

export function useMessageActions<M extends { _id: string }>(messages: readonly M[], handlers: MessageHandlers<M>): MessageActions {
  const byId = useMemo(() => new Map(messages.map((m) => [m._id, m])), [messages]);
  const latest = useLatest({ handlers, byId });
  return useMemo<MessageActions>(() => {
    const call = (name: keyof MessageHandlers<M>) => (id: string) => {
      const { handlers: now, byId: shown } = latest();
      const m = shown.get(id);
      if (m) now[name](m);
    };
    return { remove: call('remove'), retry: call('retry'), report: call('report') };
  }, [latest]);
}
