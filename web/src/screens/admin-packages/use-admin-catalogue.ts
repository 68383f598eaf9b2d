// The list of a Manage Packages / Manage Ride Packages page, read from the server (ADR 021):
// every item (inactive too) by order, and which of them have a custom form.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataLayer } from '../../data/react.ts';
import type { CatalogueKind } from './catalogue-admin-rules.ts';
import { catalogueRepo } from './catalogue-repo.ts';
import type { AdminCatalogueRepo, CatalogueItem } from './catalogue-repo.ts';

export interface AdminCatalogueState {
  repo: AdminCatalogueRepo;
  items: CatalogueItem[];
  withForms: ReadonlySet<string>;
  loading: boolean;
  /** Set when the first load failed: the page shows its Error panel. */
  failed: boolean;
  /** Loads again. `quiet` keeps the current list on screen (and on failure). */
  reload(quiet?: boolean): Promise<void>;
  /** Shows a change the server has just taken, before the reload brings it (or if it fails). */
  patch(change: (items: CatalogueItem[]) => CatalogueItem[]): void;
}

export function useAdminCatalogue(kind: CatalogueKind): AdminCatalogueState {
  const data = useDataLayer();
  const repo = catalogueRepo(data, kind);
  const [items, setItems] = useState<CatalogueItem[]>([]);
  const [withForms, setWithForms] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // Only the newest answer counts: a slow first load must not overwrite a reload after a save.
  const latest = useRef(0);

  const reload = useCallback(
    async (quiet = false) => {
      const ticket = ++latest.current;
      if (!quiet) {
        setLoading(true);
        setFailed(false);
      }
      try {
        const [list, forms] = await Promise.all([repo.list(), repo.withForms()]);
        if (ticket !== latest.current) return;
        setItems(list);
        setWithForms(forms);
        setFailed(false);
      } catch {
        if (ticket !== latest.current) return;
        if (!quiet) setFailed(true);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [repo],
  );

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  const patch = useCallback((change: (items: CatalogueItem[]) => CatalogueItem[]) => setItems((list) => change(list)), []);

  return { repo, items, withForms, loading, failed, reload, patch };
}
