// Manage Packages (/admin/packages): the admin list of carnival packages.
import { CatalogueAdminScreen } from './catalogue-admin-screen.tsx';

export function ManagePackagesScreen() {
  return <CatalogueAdminScreen kind="package" />;
}
