// Fete Rides (/fete-rides): the members-only transport rides.
import { MemberCatalogueScreen } from './member-catalogue-screen.tsx';

export function FeteRidesScreen() {
  return <MemberCatalogueScreen type="ride" />;
}
