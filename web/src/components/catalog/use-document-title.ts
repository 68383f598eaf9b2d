// A detail page names the tab after its item ("Soca Sunrise · Fete") once it has loaded.
import { useEffect } from 'react';

export function useDocumentTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · Fete`;
    return () => {
      document.title = before;
    };
  }, [name]);
}
