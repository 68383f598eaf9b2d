// Swipes on the hero with pointer events, so one code path serves mouse, pen and touch. The
// element sets `touch-action: pan-y`: the page still scrolls up and down under a finger, while
// sideways moves reach us instead of being taken by the browser.
import { useRef } from 'react';
import type { PointerEvent } from 'react';
import { swipeMove } from './hero-logic.ts';
import type { SwipeMove } from './hero-logic.ts';

interface Start {
  id: number;
  x: number;
  y: number;
}

export function useSwipe(onSwipe: (move: Exclude<SwipeMove, null>) => void) {
  const start = useRef<Start | null>(null);
  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      // A mouse let go outside the hero still ends its drag here (touch is captured anyway).
      if (e.pointerType === 'mouse') {
        try {
          e.currentTarget.setPointerCapture(e.pointerId);
        } catch {
          // Not capturable (already released): the drag simply ends inside.
        }
      }
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      start.current = null;
      if (!s || s.id !== e.pointerId) return;
      const move = swipeMove(e.clientX - s.x, e.clientY - s.y);
      if (move) onSwipe(move);
    },
    // The browser took the gesture (a vertical scroll): not a swipe.
    onPointerCancel() {
      start.current = null;
    },
  };
}
