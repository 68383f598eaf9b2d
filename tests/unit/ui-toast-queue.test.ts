// The toast queue's rules with an explicit clock: one notice per text, a few on screen, the rest
// waiting in order (errors first), time counted only while shown and not held. And the markup:
// errors in the assertive region, a repeat count people and screen readers both get.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastRegions } from '../../web/src/components/ui/toast.tsx';
import {
  TOAST_DEFAULT_MS,
  TOAST_ERROR_MS,
  TOAST_MIN_AFTER_HOLD_MS,
  dismissToast,
  emptyQueue,
  expireToasts,
  holdToast,
  nextDeadline,
  pushToast,
  toastRequest,
} from '../../web/src/components/ui/toast-queue.ts';
import type { ToastQueue, ToastTone } from '../../web/src/components/ui/toast-queue.ts';

/** Pushes each notice at `now` and returns the queue and the ids in order. */
function pushAll(queue: ToastQueue, items: Array<[ToastTone, string]>, now = 0) {
  const ids: string[] = [];
  for (const [tone, message] of items) {
    const pushed = pushToast(queue, toastRequest({ tone, message }), now);
    queue = pushed.queue;
    ids.push(pushed.id);
  }
  return { queue, ids };
}

const messages = (list: ToastQueue['visible']) => list.map((t) => t.message);

describe('toastRequest', () => {
  it('keeps errors longer than other notices, and a chosen time or none as given', () => {
    expect(toastRequest({ message: 'Saved', tone: 'success' }).durationMs).toBe(TOAST_DEFAULT_MS);
    expect(toastRequest({ message: 'Hello' })).toMatchObject({ tone: 'info', durationMs: TOAST_DEFAULT_MS });
    expect(toastRequest({ message: 'Failed', tone: 'error' }).durationMs).toBe(TOAST_ERROR_MS);
    expect(TOAST_ERROR_MS).toBeGreaterThan(TOAST_DEFAULT_MS);
    expect(toastRequest({ message: 'Update', durationMs: null }).durationMs).toBeNull();
    expect(toastRequest({ message: 'Quick', tone: 'error', durationMs: 2000 }).durationMs).toBe(2000);
  });
});

describe('pushToast: the same notice again', () => {
  it('collapses into the one on screen, counts it and starts its time over', () => {
    const first = pushToast(emptyQueue(), toastRequest({ tone: 'error', message: 'Please upload an image file' }), 0);
    const again = pushToast(first.queue, toastRequest({ tone: 'error', message: 'Please upload an image file' }), 3000);
    expect(again.id).toBe(first.id);
    expect(again.queue.visible).toHaveLength(1);
    expect(again.queue.visible[0]).toMatchObject({ count: 2, deadline: 3000 + TOAST_ERROR_MS });
    // Still there when the first one's time would have run out.
    expect(expireToasts(again.queue, TOAST_ERROR_MS + 1).visible).toHaveLength(1);
    expect(expireToasts(again.queue, 3000 + TOAST_ERROR_MS).visible).toHaveLength(0);
  });

  it('treats the same text in another tone as another notice', () => {
    const { queue, ids } = pushAll(emptyQueue(), [
      ['info', 'Done'],
      ['error', 'Done'],
    ]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(queue.visible.map((t) => [t.tone, t.count])).toEqual([
      ['info', 1],
      ['error', 1],
    ]);
  });

  it('collapses into a waiting one without moving it up or showing it', () => {
    const { queue, ids } = pushAll(emptyQueue(2), [
      ['info', 'a'],
      ['info', 'b'],
      ['info', 'c'],
      ['info', 'd'],
      ['info', 'c'],
    ]);
    expect(ids[4]).toBe(ids[2]);
    expect(messages(queue.visible)).toEqual(['a', 'b']);
    expect(queue.waiting.map((t) => [t.message, t.count])).toEqual([
      ['c', 2],
      ['d', 1],
    ]);
  });

  it('is a new notice once the earlier one has gone', () => {
    const first = pushToast(emptyQueue(), toastRequest({ message: 'Saved', tone: 'success' }), 0);
    const gone = dismissToast(first.queue, first.id, 10);
    const again = pushToast(gone, toastRequest({ message: 'Saved', tone: 'success' }), 20);
    expect(again.id).not.toBe(first.id);
    expect(again.queue.visible[0]?.count).toBe(1);
  });
});

describe('the cap and the waiting line', () => {
  it('shows at most the cap and keeps the rest in the order asked', () => {
    const { queue } = pushAll(emptyQueue(3), [
      ['info', '1'],
      ['success', '2'],
      ['info', '3'],
      ['info', '4'],
      ['success', '5'],
    ]);
    expect(messages(queue.visible)).toEqual(['1', '2', '3']);
    expect(messages(queue.waiting)).toEqual(['4', '5']);
    // Waiting notices have no clock yet.
    expect(queue.waiting.every((t) => t.deadline === null)).toBe(true);
  });

  it('shows the next waiting notice when one is dismissed, with its full time from then', () => {
    const { queue, ids } = pushAll(emptyQueue(2), [
      ['info', '1'],
      ['info', '2'],
      ['info', '3'],
    ]);
    const after = dismissToast(queue, ids[0] as string, 4000);
    expect(messages(after.visible)).toEqual(['2', '3']);
    expect(after.waiting).toHaveLength(0);
    expect(after.visible[1]?.deadline).toBe(4000 + TOAST_DEFAULT_MS);
  });

  it('dismisses a waiting notice before it ever shows', () => {
    const { queue, ids } = pushAll(emptyQueue(1), [
      ['info', '1'],
      ['info', '2'],
    ]);
    const after = dismissToast(queue, ids[1] as string, 10);
    expect(messages(after.visible)).toEqual(['1']);
    expect(after.waiting).toHaveLength(0);
    expect(dismissToast(after, 'toast-unknown', 10)).toBe(after);
  });

  it('lets a waiting error go ahead of waiting notices of other tones, after earlier errors', () => {
    const { queue } = pushAll(emptyQueue(1), [
      ['info', 'shown'],
      ['success', 'saved'],
      ['error', 'first error'],
      ['info', 'hint'],
      ['error', 'second error'],
    ]);
    expect(messages(queue.waiting)).toEqual(['first error', 'second error', 'saved', 'hint']);
  });
});

describe('expiry', () => {
  it('removes what is due, shows what waits, and reports the nearest deadline', () => {
    let { queue } = pushAll(emptyQueue(2), [
      ['info', 'info'],
      ['error', 'error'],
      ['success', 'waits'],
    ]);
    expect(nextDeadline(queue)).toBe(TOAST_DEFAULT_MS);
    expect(expireToasts(queue, TOAST_DEFAULT_MS - 1)).toBe(queue);

    queue = expireToasts(queue, TOAST_DEFAULT_MS);
    // The error is kept longer; the waiting notice takes the free place with its own full time.
    expect(messages(queue.visible)).toEqual(['error', 'waits']);
    expect(nextDeadline(queue)).toBe(TOAST_ERROR_MS);

    queue = expireToasts(queue, TOAST_ERROR_MS);
    expect(messages(queue.visible)).toEqual(['waits']);
    queue = expireToasts(queue, TOAST_DEFAULT_MS * 2);
    expect(queue.visible).toHaveLength(0);
    expect(nextDeadline(queue)).toBeNull();
  });

  it('never expires a notice kept until dismissed', () => {
    const pushed = pushToast(emptyQueue(), toastRequest({ message: 'A new version of Fete is available', durationMs: null }), 0);
    expect(nextDeadline(pushed.queue)).toBeNull();
    expect(expireToasts(pushed.queue, 1e9).visible).toHaveLength(1);
  });

  it('stops the clock while held and gives back what was left, at least a moment', () => {
    const pushed = pushToast(emptyQueue(), toastRequest({ message: 'Saved', tone: 'success' }), 0);
    let queue = holdToast(pushed.queue, pushed.id, true, 1000);
    expect(nextDeadline(queue)).toBeNull();
    expect(expireToasts(queue, 60_000).visible).toHaveLength(1);
    queue = holdToast(queue, pushed.id, false, 60_000);
    expect(nextDeadline(queue)).toBe(60_000 + TOAST_DEFAULT_MS - 1000);

    // Held right before its end: it does not vanish the moment the pointer leaves.
    const due = nextDeadline(queue) as number;
    queue = holdToast(queue, pushed.id, true, due - 100);
    queue = holdToast(queue, pushed.id, false, 90_000);
    expect(nextDeadline(queue)).toBe(90_000 + TOAST_MIN_AFTER_HOLD_MS);
  });

  it('a repeat while held gives the full time back for after the hold', () => {
    const first = pushToast(emptyQueue(), toastRequest({ message: 'Failed', tone: 'error' }), 0);
    let queue = holdToast(first.queue, first.id, true, TOAST_ERROR_MS - 100);
    queue = pushToast(queue, toastRequest({ message: 'Failed', tone: 'error' }), TOAST_ERROR_MS).queue;
    expect(nextDeadline(queue)).toBeNull();
    queue = holdToast(queue, first.id, false, 20_000);
    expect(nextDeadline(queue)).toBe(20_000 + TOAST_ERROR_MS);
  });
});

describe('ToastRegions markup', () => {
  const render = (queue: ToastQueue) => renderToStaticMarkup(createElement(ToastRegions, { toasts: queue.visible, onDismiss: () => {}, onHold: () => {} }));

  it('puts errors in the assertive region and the rest in the polite one, each with a labelled dismiss button', () => {
    const { queue } = pushAll(emptyQueue(), [
      ['success', 'Profile updated successfully'],
      ['error', 'Failed to update profile'],
    ]);
    const out = render(queue);
    const polite = /role="status" aria-live="polite"[^>]*>(.*?)<\/div><div class="toasts__region" role="alert"/.exec(out)?.[1] ?? '';
    const assertive = /role="alert" aria-live="assertive"[^>]*>(.*)$/.exec(out)?.[1] ?? '';
    expect(polite).toContain('Profile updated successfully');
    expect(polite).not.toContain('Failed to update profile');
    expect(assertive).toContain('Failed to update profile');
    expect(out.match(/<button type="button" class="toast__close" aria-label="Dismiss notification">/g)).toHaveLength(2);
  });

  it('shows a repeat as ×N for the eye and "(N times)" for screen readers, read with the message', () => {
    const { queue } = pushAll(emptyQueue(), [
      ['error', 'Please upload an image file'],
      ['error', 'Please upload an image file'],
    ]);
    const out = render(queue);
    expect(out.match(/Please upload an image file/g)).toHaveLength(1);
    expect(out).toMatch(/<p class="toast__message" aria-atomic="true">Please upload an image file <span class="toast__count" aria-hidden="true">×2<\/span><span class="visually-hidden">\(2 times\)<\/span><\/p>/);
    const single = render(pushAll(emptyQueue(), [['info', 'Hello']]).queue);
    expect(single).not.toContain('toast__count');
    expect(single).not.toContain('times)');
  });
});
