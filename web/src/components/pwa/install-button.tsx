// "Install Fete" where the browser offers installation; on iOS Safari a short, dismissible
// "Add to Home Screen" hint instead.
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../ui/button.tsx';
import { InstallIcon } from '../layout/icons.tsx';
import { installState, isIosSafariTab, promptInstall } from './install-events.ts';
import './install.css';

const HINT_DISMISSED = 'fete-ios-install-hint-dismissed';

function hintDismissed(): boolean {
  try {
    return localStorage.getItem(HINT_DISMISSED) === '1';
  } catch {
    return false;
  }
}

export function InstallButton() {
  const { canInstall } = useSyncExternalStore(installState.subscribe, installState.getSnapshot, installState.getSnapshot);
  const [showHint, setShowHint] = useState(() => typeof window !== 'undefined' && isIosSafariTab() && !hintDismissed());

  if (canInstall) {
    return (
      <Button variant="secondary" className="install-button" onClick={() => void promptInstall()}>
        <InstallIcon size={18} />
        {/* On a phone the icon alone shows; the words stay the button's name. */}
        <span className="install-button__label">Install Fete</span>
      </Button>
    );
  }
  if (!showHint) return null;
  return (
    <div className="install-hint" role="note" aria-label="Add to Home Screen">
      <p>
        <strong>Add to Home Screen:</strong> tap Share, then “Add to Home Screen” to keep Fete with you offline.
      </p>
      <button
        type="button"
        className="install-hint__close"
        aria-label="Dismiss the Add to Home Screen hint"
        onClick={() => {
          try {
            localStorage.setItem(HINT_DISMISSED, '1');
          } catch {
            // Private mode: the hint simply comes back next time.
          }
          setShowHint(false);
        }}
      >
        ×
      </button>
    </div>
  );
}
