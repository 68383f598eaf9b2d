// The always-visible sync and connection status: offline / syncing n / all synced / signed out
// (changes are kept on this device), following the data layer's status store; and each write
// the server refused, with its reason and a way to dismiss it.
import { Link } from 'react-router-dom';
import { useDataLayer, useSession, useSyncStatus } from '../../data/react.ts';
import { describeItem, syncText } from '../../data/sync-text.ts';
import { useToast } from '../ui/toast.tsx';
import { AlertIcon, CloudCheckIcon, CloudOffIcon, SyncIcon } from './icons.tsx';

export function SyncStatus() {
  const status = useSyncStatus();
  const { short, detail } = syncText(status.state, status.pending);
  const busy = status.state === 'syncing' || status.state === 'connecting';
  const Icon = status.state === 'synced' ? CloudCheckIcon : busy ? SyncIcon : CloudOffIcon;
  return (
    <div className={`sync-status sync-status--${status.state}`} role="status" data-testid="sync-status" data-state={status.state} title={status.label}>
      <Icon size={18} className={busy ? 'sync-status__icon sync-status__icon--spin' : 'sync-status__icon'} />
      <span className="sync-status__short">{short}</span>
      {detail && <span className="sync-status__detail visually-hidden-narrow"> {detail}</span>}
    </div>
  );
}

/** Below the top bar: refused writes, and a way back in when the session ended. */
export function SyncNotices() {
  const data = useDataLayer();
  const toast = useToast();
  const status = useSyncStatus();
  const session = useSession();
  const signedOut = session.status === 'signed-out';
  if (status.denied.length === 0 && !signedOut) return <div className="sync-notices-live" aria-live="polite" />;
  return (
    <div className="sync-notices-live" aria-live="polite">
    <section className="sync-notices" aria-label="Sync problems">
      {signedOut && (
        <p className="sync-notice sync-notice--warning">
          <AlertIcon size={18} />
          <span>
            You are signed out. Your changes are kept on this device until you <Link to="/signin">sign in</Link> again.
          </span>
        </p>
      )}
      {status.denied.length > 0 && (
        <ul className="sync-notices__list">
          {status.denied.map((d) => (
            <li key={`${d.db}:${d.id}`} className="sync-notice sync-notice--error" data-testid="sync-denied">
              <AlertIcon size={18} />
              <span className="sync-notice__text">
                {describeItem(d.id)} was refused by the server: {d.reason}
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => data.dismissDenied(d.db, d.id).catch(() => toast.error('Failed to dismiss the notice'))}
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
    </div>
  );
}
