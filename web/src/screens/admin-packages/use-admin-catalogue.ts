// The list of a Manage Packages / Manage Ride Packages page, read from the server (ADR 021):
// every item (inactive too) by order, and which of them have a custom form.
import { useCallback, useState } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { useAdminList } from '../admin/kit/use-admin-list.ts';
import type { AdminListState } from '../admin/kit/use-admin-list.ts';
import type { CatalogueKind } from './catalogue-admin-rules.ts';
import { catalogueRepo } from './catalogue-repo.ts';
import type { AdminCatalogueRepo, CatalogueItem } from './catalogue-repo.ts';

export interface AdminCatalogueState extends AdminListState<CatalogueItem> {
  repo: AdminCatalogueRepo;
  withForms: ReadonlySet<string>;
}

export function useAdminCatalogue(kind: CatalogueKind): AdminCatalogueState {
  const data = useDataLayer();
  const repo = catalogueRepo(data, kind);
  const [withForms, setWithForms] = useState<ReadonlySet<string>>(new Set());
  // Which items have a form comes with each read of the list.
  const load = useCallback(async () => {
    const [list, forms] = await Promise.all([repo.list(), repo.withForms()]);
    setWithForms(forms);
    return list;
  }, [repo]);
  return { repo, withForms, ...useAdminList(load) };
}
