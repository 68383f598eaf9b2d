// The public room's older messages, read from the server a page at a time and kept in memory
// (the device keeps only its window).
import { useState } from 'react';
import { useToast } from '../../components/ui/index.ts';
import type { Message } from '../../data/repos/messages.ts';
import type { ChatActions } from './chat-actions.ts';
import { CHAT_TEXTS, mergeById } from './chat-logic.ts';

export interface OlderMessages {
  list: Message[];
  /** The server had none older. */
  noMore: boolean;
  loading: boolean;
  /** Loads the page before `first`, the oldest message shown; `beforeShow` runs once it has arrived, just before it is drawn. */
  load(first: Message | undefined, beforeShow: () => void): Promise<void>;
  forget(id: string): void;
  clear(): void;
}

export function useOlderMessages(actions: ChatActions): OlderMessages {
  const toast = useToast();
  const [list, setList] = useState<Message[]>([]);
  const [noMore, setNoMore] = useState(false);
  const [loading, setLoading] = useState(false);

  async function load(first: Message | undefined, beforeShow: () => void) {
    if (!first || loading) return;
    setLoading(true);
    try {
      const page = await actions.older(first._id);
      if (page.length === 0) setNoMore(true);
      beforeShow();
      setList((prev) => mergeById(prev, page));
    } catch {
      toast.error(CHAT_TEXTS.messagesFailed);
    } finally {
      setLoading(false);
    }
  }

  return {
    list,
    noMore,
    loading,
    load,
    forget: (id) => setList((prev) => prev.filter((o) => o._id !== id)),
    clear: () => setList([]),
  };
}
