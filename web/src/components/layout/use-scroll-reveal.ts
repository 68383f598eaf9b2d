// Hide on scroll down, show on scroll up or near the top (the signed-out Sign In / Sign Up links).
import { useEffect, useState } from 'react';
import { nextRevealState } from '../../lib/scroll-reveal.ts';

export function useScrollReveal(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    // The start position is read in the next frame, not here: reading scrollY right after React
    // commits forces the whole new page's layout inside React's task, on a first visit a long
    // task of its own on a slow phone (ADR 059). The frame lays it out anyway.
    let last: number | null = null;
    let frame = requestAnimationFrame(() => {
      frame = 0;
      last ??= window.scrollY;
    });
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        const prev = last ?? y; // the updater may run later, after `last` moved on
        last = y;
        setVisible((v) => nextRevealState(v, prev, y));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return visible;
}
