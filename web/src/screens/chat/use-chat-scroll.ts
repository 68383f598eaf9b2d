// The message log's scrolling: follow new messages while the reader is at the bottom, otherwise
// keep their place; after a page of older messages, keep the one they were reading where it was.
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import { isNearBottom } from './chat-logic.ts';

export interface ChatScroll {
  logRef: RefObject<HTMLDivElement | null>;
  onScroll(el: HTMLElement): void;
  /** The next message drawn scrolls into view (the member just sent one). */
  followBottom(): void;
  /** Older messages are about to be drawn above: keep the reader's place. */
  keepPlace(): void;
}

export function useChatScroll(lastId: string | undefined, drawnCount: number): ChatScroll {
  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [lastId, drawnCount]);

  return useMemo(
    () => ({
      logRef,
      onScroll: (el: HTMLElement) => {
        atBottom.current = isNearBottom(el);
      },
      followBottom: () => {
        atBottom.current = true;
      },
      keepPlace: () => {
        heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
      },
    }),
    [],
  );
}
