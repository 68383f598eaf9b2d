// When an open conversation marks messages read (read-mark-timer.ts): at once on opening, after
// a quiet moment while it is open, and at once when it is left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadMarkTimer, READ_MARK_QUIET_MS } from '../../web/src/screens/chat/read-mark-timer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('read marks of an open conversation', () => {
  it('marks at once when the conversation is opened with unread messages', () => {
    const mark = vi.fn();
    createReadMarkTimer({ mark }).unread(true);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('marks a message that arrives while it is open once the conversation has been quiet for a moment', () => {
    const mark = vi.fn();
    const t = createReadMarkTimer({ mark });
    t.unread(false);
    vi.advanceTimersByTime(READ_MARK_QUIET_MS - 1);
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('marks a burst of messages in one batch, after the last of them', () => {
    const mark = vi.fn();
    const t = createReadMarkTimer({ mark });
    for (let i = 0; i < 10; i++) {
      t.unread(false);
      vi.advanceTimersByTime(READ_MARK_QUIET_MS / 4);
    }
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(READ_MARK_QUIET_MS);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('marks what is waiting at once when the conversation is left, and only once', () => {
    const mark = vi.fn();
    const t = createReadMarkTimer({ mark });
    t.unread(false);
    t.flush();
    expect(mark).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(READ_MARK_QUIET_MS * 2);
    expect(mark).toHaveBeenCalledTimes(1);
  });

  it('leaving with nothing waiting marks nothing', () => {
    const mark = vi.fn();
    const t = createReadMarkTimer({ mark });
    t.flush();
    t.unread(true);
    t.flush();
    expect(mark).toHaveBeenCalledTimes(1);
  });
});
