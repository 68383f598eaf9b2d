// The profile menu: avatar (or a placeholder) with the red badge, and the spec's items —
// Fete ID, Fete Nation, Messages, Receipts, Form Status, Settings (a sub-menu), Sign Out — then
// the unread private messages grouped per sender. An ARIA menu: Enter, Space or ArrowDown open
// it on the first item, ArrowUp on the last; arrows move; Escape closes and returns focus.
import { useCallback, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AuthUser } from '../../data/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { useMyProfile } from '../../data/hooks/use-profile.ts';
import { profileName as nameOf, useUnreadBySender } from '../../data/hooks/use-private-messages.ts';
import { useHasNewReceipts } from '../../data/hooks/use-receipts.ts';
import { badgeText } from '../../lib/badge.ts';
import { previewText, profileBadgeCount } from '../../lib/unread-groups.ts';
import { useToast } from '../ui/toast.tsx';
import { Avatar } from './avatar.tsx';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { focusMenuItem, onMenuKeyDown } from './menu-keys.ts';
import { usePopoverDismiss } from './use-popover.ts';

export interface ProfileMenuProps {
  user: AuthUser;
  onSignOut: () => void;
  onDeleteAccount: () => void;
}

type View = 'main' | 'settings';

export function ProfileMenu({ user, onSignOut, onDeleteAccount }: ProfileMenuProps) {
  const data = useDataLayer();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('main');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const labelId = useId();

  const { data: profile } = useMyProfile(user.id);
  const { data: groups } = useUnreadBySender(user.id);
  const { data: hasNewReceipts } = useHasNewReceipts(user.id);

  const unreadGroups = groups ?? [];
  const unreadMessages = unreadGroups.reduce((n, g) => n + g.count, 0);
  const badge = profileBadgeCount(unreadGroups, hasNewReceipts === true);
  const fullName = nameOf(profile) || nameOf(user) || (typeof user.email === 'string' ? user.email : 'Member');

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setOpen(false);
    setView('main');
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  usePopoverDismiss(open, panelRef, buttonRef, close);

  function openMenu(focus: 'first' | 'last') {
    setView('main');
    setOpen(true);
    requestAnimationFrame(() => focusMenuItem(menuRef.current, focus));
  }

  function onButtonKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function showView(next: View) {
    setView(next);
    requestAnimationFrame(() => focusMenuItem(menuRef.current, 'first'));
  }

  function go(to: string, state?: unknown) {
    close({ returnFocus: false });
    navigate(to, state === undefined ? undefined : { state });
  }

  async function openReceipts() {
    go('/dashboard', { activeTab: 'receipts' });
    try {
      await data.receipts.markChecked();
    } catch {
      // The dashboard tab resets it too; nothing to tell the member.
    }
  }

  async function openConversation(senderId: string) {
    go('/fete-chat', { selectedUserId: senderId });
    try {
      await data.privateMessages.markRead(senderId);
    } catch {
      toast.error('Failed to update messages');
    }
  }

  const item = 'menu__item';
  return (
    <div className="topbar-popover user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close({ returnFocus: false }) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        data-testid="profile-menu-button"
      >
        {/* The name is read from the content, in this order; CSS puts the avatar first. */}
        <span className="visually-hidden">Profile menu for </span>
        <span className="user-menu__name">{fullName}</span>
        <span className="user-menu__avatar">
          <Avatar url={profile?.avatar_url ?? null} size={36} />
          {badge > 0 && (
            <span className="badge" data-testid="profile-badge">
              {badgeText(badge)}
              <span className="visually-hidden"> new</span>
            </span>
          )}
        </span>
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>

      {open && (
        <div ref={panelRef} className="popover popover--menu">
          <div className="popover__profile" id={labelId}>
            <Avatar url={profile?.avatar_url ?? null} size={44} />
            <div>
              <p className="popover__name">{fullName}</p>
              {typeof user.email === 'string' && <p className="popover__email">{user.email}</p>}
            </div>
          </div>

          {view === 'main' ? (
            <ul ref={menuRef} id={menuId} role="menu" aria-label="Profile" className="menu" onKeyDown={onMenuKeyDown}>
              <li role="none">
                <Link role="menuitem" className={item} to="/dashboard" onClick={() => close({ returnFocus: false })}>
                  Fete ID
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/fete-nation" onClick={() => close({ returnFocus: false })}>
                  Fete Nation
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/fete-chat" onClick={() => close({ returnFocus: false })}>
                  Messages
                  {unreadMessages > 0 && (
                    <span className="count-pill" aria-label={`${unreadMessages} unread`}>
                      {badgeText(unreadMessages)}
                    </span>
                  )}
                </Link>
              </li>
              <li role="none">
                <button type="button" role="menuitem" className={item} onClick={() => void openReceipts()}>
                  Receipts
                  {hasNewReceipts === true && <span className="tag tag--new">New</span>}
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" className={item} onClick={() => go('/dashboard', { activeTab: 'forms' })}>
                  Form Status
                </button>
              </li>
              <li role="none">
                <button type="button" role="menuitem" aria-haspopup="menu" className={item} onClick={() => showView('settings')}>
                  Settings
                  <ChevronRightIcon size={18} className="menu__chevron" />
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={`${item} menu__item--danger`}
                  onClick={() => {
                    close({ returnFocus: true });
                    onSignOut();
                  }}
                >
                  Sign Out
                </button>
              </li>
              {unreadGroups.length > 0 && (
                <>
                  <li role="separator" className="menu__separator" />
                  <li role="none">
                    <ul role="group" aria-labelledby={`${menuId}-unread`} className="menu__group">
                      <li role="presentation" id={`${menuId}-unread`} className="menu__group-title">
                        Unread messages
                      </li>
                      {unreadGroups.map((g) => (
                        <li role="none" key={g.senderId}>
                          <button type="button" role="menuitem" className={`${item} menu__message`} onClick={() => void openConversation(g.senderId)}>
                            <Avatar url={g.avatarUrl} size={32} />
                            <span className="menu__message-body">
                              <span className="menu__message-name">
                                {g.name}
                                <span className="count-pill" aria-label={`${g.count} unread`}>
                                  {badgeText(g.count)}
                                </span>
                              </span>
                              <span className="menu__message-preview">{previewText(g.latest.content)}</span>
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </li>
                </>
              )}
            </ul>
          ) : (
            <ul ref={menuRef} id={menuId} role="menu" aria-label="Settings" className="menu" onKeyDown={onMenuKeyDown}>
              <li role="none">
                <button type="button" role="menuitem" className={item} onClick={() => showView('main')}>
                  <ChevronLeftIcon size={18} />
                  Back
                </button>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/settings/profile" onClick={() => close({ returnFocus: false })}>
                  Edit Profile
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/settings/location" onClick={() => close({ returnFocus: false })}>
                  Update Location
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/settings/password" onClick={() => close({ returnFocus: false })}>
                  Change Password
                </Link>
              </li>
              <li role="none">
                <Link role="menuitem" className={item} to="/settings/notifications" onClick={() => close({ returnFocus: false })}>
                  Notifications
                </Link>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={`${item} menu__item--danger`}
                  onClick={() => {
                    close({ returnFocus: true });
                    onDeleteAccount();
                  }}
                >
                  Delete Account
                </button>
              </li>
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
