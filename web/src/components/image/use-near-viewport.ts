// Whether an element has come near the viewport, for pictures that should load only then. The
// browser's own loading="lazy" starts 1,250–2,500 px away: on Fete Nation that is every card of
// a 48-card page, so each search keystroke fetched and decoded twice the avatars on screen, and
// the ones off screen landed after the key was let go with nothing on screen to draw. Chromium
// then reports that keyup's "next paint" at whatever frame draws next, up to 200 ms later
// (npm run bench -- fete-nation; ADR 042, amended 2026-12-06).
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * How far beyond the viewport a picture starts to load: an avatar's height. Every row loaded off
 * screen is more frames with nothing to draw: at 250 px (two rows) the bench had 1, 1, 2, 5 and 0
 * keystrokes in 100 over 50 ms, at 64 px 1, 1, 1, 2 and 0. A flicked list may show a card's
 * circle a frame or two before its picture, which comes from the device's cache.
 */
export const NEAR_VIEWPORT_MARGIN = '64px';

/**
 * How long an element stays near the viewport before its picture loads. A search keystroke's
 * new cards otherwise fetched and decoded their avatars 20–60 ms after the keydown, just as a
 * person lets go of the key (70–120 ms): that keyup's frame then waited on the pictures, or had
 * nothing to draw and was reported at a later frame. Cards of a result set that is typed past,
 * or flicked past, never load theirs, which a phone on a carnival signal is glad of.
 */
export const NEAR_VIEWPORT_DWELL_MS = 150;

type Seen = () => void;
const waiting = new Map<Element, Seen>();
const dwelling = new Map<Element, ReturnType<typeof setTimeout>>();
let shared: IntersectionObserver | null = null;

/** One observer for every picture on the page, rather than one each. */
function observer(): IntersectionObserver {
  shared ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = entry.target;
        if (!entry.isIntersecting) {
          cancelDwell(el);
          continue;
        }
        if (dwelling.has(el)) continue;
        dwelling.set(
          el,
          setTimeout(() => {
            dwelling.delete(el);
            const seen = waiting.get(el);
            stopWatching(el);
            seen?.();
          }, NEAR_VIEWPORT_DWELL_MS),
        );
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  return shared;
}

function cancelDwell(el: Element): void {
  const timer = dwelling.get(el);
  if (timer === undefined) return;
  clearTimeout(timer);
  dwelling.delete(el);
}

function stopWatching(el: Element): void {
  cancelDwell(el);
  waiting.delete(el);
  shared?.unobserve(el);
}

/** Calls `seen` once `el` has stayed near the viewport for the dwell; answers how to stop watching. */
export function watchNearViewport(el: Element, seen: () => void): () => void {
  waiting.set(el, seen);
  observer().observe(el);
  return () => stopWatching(el);
}

/**
 * True once `ref`'s element has stayed within NEAR_VIEWPORT_MARGIN of the viewport for
 * NEAR_VIEWPORT_DWELL_MS, and from then on (a picture once loaded stays). Always true when
 * `enabled` is false, or where the browser has no IntersectionObserver.
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    return watchNearViewport(el, () => setNear(true));
  }, [near, ref]);
  return near;
}
