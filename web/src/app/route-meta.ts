// Each route's `handle`: the page title (document title, the announcer).
import { useMatches } from 'react-router-dom';

export interface RouteMeta {
  title: string;
}

export function isRouteMeta(v: unknown): v is RouteMeta {
  return typeof v === 'object' && v !== null && typeof (v as { title?: unknown }).title === 'string';
}

/** The deepest route's meta. */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return null;
}

export function documentTitle(meta: RouteMeta | null): string {
  return !meta || meta.title === 'Home' ? 'Fete' : `${meta.title} · Fete`;
}
