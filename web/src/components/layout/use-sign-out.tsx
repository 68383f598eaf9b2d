// Sign-out from the profile menu: the data layer pushes what is waiting; if something is still
// unsynced it asks first ("Sign out anyway" forces it). The app goes home before the session
// ends, so the member's screen never draws itself signed out.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataLayer } from '../../data/react.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useToast } from '../ui/toast.tsx';

export function unsyncedWarning(n: number): string {
  return `You have ${n} change${n === 1 ? '' : 's'} that haven't synced yet. Signing out now will lose them.`;
}

export function useSignOut(): { signOut: () => void; busy: boolean; dialog: ReactNode } {
  const data = useDataLayer();
  const toast = useToast();
  const navigate = useNavigate();
  const [unsynced, setUnsynced] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(force: boolean) {
    setBusy(true);
    // Pushing what waits can take a few seconds: say so if it does.
    let notice: string | null = null;
    const slow = setTimeout(() => {
      notice = toast.show({ message: 'Signing out…', tone: 'info', durationMs: null });
    }, 400);
    try {
      const res = await data.signOut({ force, leaving: () => navigate('/') });
      if (!res.signedOut) {
        setUnsynced(res.unsynced);
        return;
      }
      setUnsynced(null);
    } catch {
      toast.error('Failed to sign out');
    } finally {
      clearTimeout(slow);
      if (notice) toast.dismiss(notice);
      setBusy(false);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={unsynced !== null}
      title="Sign out?"
      message={unsyncedWarning(unsynced ?? 0)}
      confirmLabel="Sign out anyway"
      cancelLabel="Stay signed in"
      tone="danger"
      busy={busy}
      onConfirm={() => void run(true)}
      onCancel={() => setUnsynced(null)}
    />
  );

  return { signOut: () => void (busy ? undefined : run(false)), busy, dialog };
}
