// Delete Account, opened from the profile menu: the spec's confirmation, then
// POST /api/functions/delete-user with the bearer token. On success the member is signed out
// (their local databases go too) and lands on the home page.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, useToast } from '../ui/index.ts';
import { useDataLayer, useSession } from '../../data/react.ts';
import { DELETE_CONFIRM, DELETE_DONE, DELETE_NEEDS_SESSION, deleteAccount } from './delete-account.ts';

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose(): void;
}

export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const data = useDataLayer();
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    if (session.status !== 'signed-in') {
      onClose();
      toast.error(DELETE_NEEDS_SESSION);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    const outcome = await deleteAccount(data.fetch);
    if (!outcome.ok) {
      inFlight.current = false;
      setBusy(false);
      onClose();
      toast.error(outcome.message);
      return;
    }
    // The account is gone on the server: nothing left to push, so sign-out does not wait. Home
    // first, so the screen the member was on never draws itself signed out.
    const home = () => navigate('/', { replace: true });
    await data.signOut({ force: true, timeoutMs: 0, leaving: home }).catch(home);
    inFlight.current = false;
    setBusy(false);
    onClose();
    toast.success(DELETE_DONE);
  }

  return (
    <ConfirmDialog
      open={open}
      title="Delete Account"
      message={<p>{DELETE_CONFIRM}</p>}
      confirmLabel="Delete Account"
      cancelLabel="Cancel"
      tone="danger"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
