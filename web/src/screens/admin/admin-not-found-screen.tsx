// An /admin path no page answers: admins read 'not found' like anywhere else; everyone else is
// sent home by the gate, so unknown admin paths say nothing about what admin pages exist.
import { NotFoundScreen } from '../../components/layout/not-found-screen.tsx';
import { AdminOnly } from './admin-only.tsx';

export function AdminNotFoundScreen() {
  return (
    <AdminOnly>
      <NotFoundScreen />
    </AdminOnly>
  );
}
