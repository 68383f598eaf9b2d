// Asks for notifications at a moment that explains itself (ADR 048): after the member's first
// submission, first attendance or first private message, never on page load. An in-app notice
// says why first; only its "Turn on" (a tap) asks the browser. Once per device: dismissing it (or
// letting it go) is an answer, and Settings > Notifications stays there for later.
import { useCallback } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { useToast } from '../ui/toast.tsx';
import { DEVICE_TEXT, INVITE_TEXT, PUSH_ENABLE_FAILED, type PushMoment } from './push-texts.ts';

export const PUSH_INVITED_KEY = 'fete-push-invited';

export const PUSH_TURNED_ON = DEVICE_TEXT.on;

function alreadyInvited(): boolean {
  try {
    return localStorage.getItem(PUSH_INVITED_KEY) !== null;
  } catch {
    // No storage, no way to remember the answer: better never to ask than to ask every time.
    return true;
  }
}

export function usePushInvite(): (moment: PushMoment) => void {
  const data = useDataLayer();
  const toast = useToast();
  return useCallback(
    (moment: PushMoment) => {
      if (alreadyInvited()) return;
      void data.push
        .state()
        .then((state) => {
          // On, blocked, not possible here, or needs the installed app: nothing to offer now.
          if (state !== 'off' || alreadyInvited()) return;
          localStorage.setItem(PUSH_INVITED_KEY, moment);
          toast.show({
            message: INVITE_TEXT[moment],
            tone: 'info',
            durationMs: null,
            action: {
              label: 'Turn on',
              onClick: () => {
                data.push
                  .enable()
                  .then((now) => {
                    if (now === 'on') toast.success(PUSH_TURNED_ON);
                    else if (now === 'blocked') toast.info(DEVICE_TEXT.blocked);
                  })
                  .catch((err: unknown) => toast.error(err instanceof Error && err.message ? err.message : PUSH_ENABLE_FAILED));
              },
            },
          });
        })
        .catch(() => undefined);
    },
    [data, toast],
  );
}
