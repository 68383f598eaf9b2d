// When an open conversation marks the other member's messages read. Opening it marks them at
// once. A message that arrives while it is open is marked once the conversation has been quiet
// for a moment: a burst of messages is one batch of read marks, and each mark (a write, its push,
// the server's copy into the sender's userdb, the sender's pull and redraw for "Seen") no longer
// lands on top of the next message on its way (ADR 050). Leaving the conversation marks what is
// still waiting at once, so nothing seen stays unread.

export const READ_MARK_QUIET_MS = 1000;

export interface ReadMarkTimer {
  /** The conversation has unread messages from the other member; `opening`: it was just opened. */
  unread(opening: boolean): void;
  /** Leaving the conversation: what is waiting is marked now. */
  flush(): void;
}

export interface ReadMarkTimerOptions {
  mark: () => void;
  quietMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createReadMarkTimer(opts: ReadMarkTimerOptions): ReadMarkTimer {
  const quietMs = opts.quietMs ?? READ_MARK_QUIET_MS;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let timer: unknown = null;

  const stop = () => {
    if (timer === null) return false;
    clearTimer(timer);
    timer = null;
    return true;
  };

  return {
    unread(opening) {
      stop();
      if (opening) {
        opts.mark();
        return;
      }
      timer = setTimer(() => {
        timer = null;
        opts.mark();
      }, quietMs);
    },
    flush() {
      if (stop()) opts.mark();
    },
  };
}
