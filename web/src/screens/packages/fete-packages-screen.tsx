// Fete Packages (/fete-packages): the members-only carnival packages.
import { MemberCatalogueScreen } from './member-catalogue-screen.tsx';

export function FetePackagesScreen() {
  return <MemberCatalogueScreen type="package" />;
}
