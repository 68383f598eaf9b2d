// The gate of every admin screen: non-admins are sent to / once the session is known, and an
// admin is told when the connection is gone, because admin screens read and
// write the server (ADR 021). What they have typed or staged stays on the screen meanwhile.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSessionReady } from '../../data/session-ready.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { Spinner } from '../../components/ui/index.ts';
import { useSyncStatus } from '../../data/react.ts';
import './admin.css';

export const ADMIN_OFFLINE_TEXT = "You're offline. Admin pages need the connection: nothing you typed or staged is lost, and you can save once it is back.";

export function AdminOnly({ children }: { children: ReactNode }) {
  const ready = useSessionReady();
  const { user, isAdmin } = useViewer();
  if (!ready && user === null) {
    return (
      <div className="page admin-page">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <>
      <AdminConnection />
      {children}
    </>
  );
}

/** A banner while the server is out of reach. */
export function AdminConnection() {
  const sync = useSyncStatus();
  if (sync.state !== 'offline') return null;
  return (
    <p className="admin-offline" role="status" data-testid="admin-offline">
      {ADMIN_OFFLINE_TEXT}
    </p>
  );
}
