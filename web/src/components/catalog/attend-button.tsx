// Attend / Cancel Attendance on event and band pages. A visitor gets the sign-in prompt.
import { useState } from 'react';
import type { AttendanceTargetType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer } from '../../data/react.ts';
import { useIsAttending } from '../../data/hooks/use-attendance.ts';
import { useToast } from '../ui/toast.tsx';
import { Button } from '../ui/button.tsx';
import { FAILURE_TEXT, SIGN_IN_TEXT, useSignInPrompt } from './sign-in-prompt.ts';
import { useViewer } from './use-viewer.ts';
import { usePushInvite } from '../push/use-push-invite.ts';

export const ATTEND_LABEL = 'Attend';
export const CANCEL_ATTENDANCE_LABEL = 'Cancel Attendance';

export function AttendButton({ targetType, targetId }: { targetType: AttendanceTargetType; targetId: string }) {
  const data = useDataLayer();
  const toast = useToast();
  const prompt = useSignInPrompt();
  const { signedIn } = useViewer();
  const [busy, setBusy] = useState(false);
  const invite = usePushInvite();
  const { data: attending } = useIsAttending(targetType, targetId, signedIn);
  const on = signedIn && attending === true;

  async function onClick() {
    if (!signedIn) {
      prompt(SIGN_IN_TEXT.attend);
      return;
    }
    setBusy(true);
    try {
      if (await data.attendance.toggle(targetType, targetId)) invite('attendance');
    } catch {
      toast.error(FAILURE_TEXT.attend);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={on ? 'secondary' : 'primary'} busy={busy} aria-pressed={on} onClick={() => void onClick()} data-testid="attend-button">
      {on ? CANCEL_ATTENDANCE_LABEL : ATTEND_LABEL}
    </Button>
  );
}
