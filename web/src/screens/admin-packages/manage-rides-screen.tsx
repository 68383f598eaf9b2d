// Manage Ride Packages (/admin/rides): the admin list of Fete Rides.
import { CatalogueAdminScreen } from './catalogue-admin-screen.tsx';

export function ManageRidesScreen() {
  return <CatalogueAdminScreen kind="ride" />;
}
