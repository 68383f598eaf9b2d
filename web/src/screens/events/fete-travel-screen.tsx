// Stub until this screen is built (issue 4).
import { PlaceholderScreen } from '../placeholder/placeholder-screen.tsx';

export function FeteTravelScreen() {
  return <PlaceholderScreen />;
}
