// The top bar: the menu button (small screens) and the brand on the left; on the right the
// sync status, the install button and either the Sign In / Sign Up links or the bell and the
// profile menu. On the chat route the user menu is hidden below 768px (CSS).
import { lazy, Suspense, useState } from 'react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { InstallButton } from '../pwa/install-button.tsx';
import { useSessionReady } from '../../data/session-ready.ts';
import { useSession } from '../../data/react.ts';
import { AuthLinks } from './auth-links.tsx';
import { Bell } from './bell.tsx';
import { LogoMark, MenuIcon } from './icons.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { SyncStatus } from './sync-status.tsx';
import { useSignOut } from './use-sign-out.tsx';

const DeleteAccountDialog = lazy(() => import('../account/delete-account-dialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })));

export interface TopBarProps {
  /** The sidebar exists on this route (not on sign-in, sign-up, chat). */
  hasSidebar: boolean;
  /** Wide screen: the sidebar is fixed, so no menu button and no brand here. */
  wide: boolean;
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  chatRoute: boolean;
}

export function TopBar({ hasSidebar, wide, sidebarId, sidebarOpen, onToggleSidebar, menuButtonRef, chatRoute }: TopBarProps) {
  const session = useSession();
  const ready = useSessionReady();
  const { signOut, dialog } = useSignOut();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const user = session.user;

  return (
    <header className={`topbar${chatRoute ? ' topbar--chat' : ''}`}>
      <div className="topbar__left">
        {hasSidebar && !wide && (
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button"
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            aria-label="Menu"
            onClick={onToggleSidebar}
            data-testid="menu-button"
          >
            <MenuIcon />
          </button>
        )}
        {(!hasSidebar || !wide) && (
          <Link to="/" className={`topbar__brand${hasSidebar ? ' topbar__brand--with-menu' : ''}`} aria-label="Fete home">
            <LogoMark size={24} className="topbar__logo" />
            <span className="topbar__name" aria-hidden="true">Fete</span>
          </Link>
        )}
      </div>
      <div className="topbar__right">
        <SyncStatus />
        <InstallButton />
        {user ? (
          <div className="topbar__user">
            <Bell userId={user.id} />
            <ProfileMenu user={user} onSignOut={signOut} onDeleteAccount={() => setDeleteOpen(true)} />
          </div>
        ) : ready ? (
          <AuthLinks />
        ) : (
          <span className="topbar__pending" aria-hidden="true" />
        )}
      </div>
      {dialog}
      {deleteOpen && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
