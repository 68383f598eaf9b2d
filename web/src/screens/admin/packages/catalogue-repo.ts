// The admin repository of a page's kind: packages and rides share one shape (ADR 021).
import type { DataLayer } from '../../../data/index.ts';
import type { createAdminPackagesRepo, CatalogueDoc } from '../../../data/repos/admin-packages.ts';
import type { Item } from '../../../data/repos/index.ts';
import type { CatalogueKind } from './package-admin-logic.ts';

export type AdminPackagesRepo = ReturnType<typeof createAdminPackagesRepo<CatalogueDoc>>;
export type CatalogueItem = Item<CatalogueDoc>;

export function catalogueRepo(data: DataLayer, kind: CatalogueKind): AdminPackagesRepo {
  // Both are createAdminPackagesRepo; only the document type parameter differs.
  return (kind === 'ride' ? data.admin.rides : data.admin.packages) as unknown as AdminPackagesRepo;
}
