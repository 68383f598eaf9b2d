// Hide on scroll down, show on scroll up or near the top (the signed-out Sign In / Sign Up links).
import { useEffect, useState } from 'react';
import { nextRevealState } from '../../lib/scroll-reveal.ts';

export function useScrollReveal(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        const prev = last; // the updater may run later, after `last` moved on
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
