// The browser offers installation once, early, through `beforeinstallprompt`: this module
// listens from the moment it is imported (with the app shell) and keeps the offer for the button.
import { createStore } from '../../data/store.ts';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The browser lets us offer installation now. */
  canInstall: boolean;
  installed: boolean;
}

export const installState = createStore<InstallState>({ canInstall: false, installed: false });
let offer: InstallPromptEvent | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    installState.set({ canInstall: true, installed: false });
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installState.set({ canInstall: false, installed: true });
  });
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  installState.set({ canInstall: false, installed: false });
  await current.prompt();
  return (await current.userChoice).outcome;
}

/** iOS Safari has no install prompt: people add the app from the Share menu. */
export function isIosSafariTab(nav: Navigator = navigator, win: Window = window): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && (nav.maxTouchPoints ?? 0) > 1);
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
  const standalone = (nav as Navigator & { standalone?: boolean }).standalone === true || win.matchMedia?.('(display-mode: standalone)').matches;
  return ios && safari && !standalone;
}
