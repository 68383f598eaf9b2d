// Whether a media query matches, following changes.
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../../design-docs/src/constants.ts';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Wide screens (≥ 768px): the sidebar is fixed there. */
export const WIDE_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

export function useIsWide(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
