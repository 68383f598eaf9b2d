// The rule behind "hide on scroll down, come back on scroll up or near the top".

/** Within this distance of the top, the links always show. */
export const REVEAL_TOP_PX = 80;
/** Movements smaller than this (jitter, rubber-banding) change nothing. */
export const REVEAL_DELTA_PX = 6;

export function nextRevealState(visible: boolean, lastY: number, y: number): boolean {
  if (y <= REVEAL_TOP_PX) return true;
  const delta = y - lastY;
  if (Math.abs(delta) < REVEAL_DELTA_PX) return visible;
  return delta < 0;
}
