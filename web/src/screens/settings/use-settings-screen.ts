// Settings' controller (ADR 049): which section the address names, and what the screen can show
// of it: the session still being restored, no member, the sections that need no profile, or the
// member's profile (a just-created member's arrives with the first pull; it gets a moment).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMyProfile } from '../../data/hooks/use-profile.ts';
import { useSession, useSyncStatus } from '../../data/react.ts';
import type { Profile } from '../../data/repos/profiles.ts';
import { useSessionReady } from '../../data/session-ready.ts';

export const SETTINGS_SECTIONS = [
  { id: 'profile', title: 'Edit Profile' },
  { id: 'location', title: 'Update Location' },
  { id: 'password', title: 'Change Password' },
  { id: 'notifications', title: 'Notifications' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

/** How long a signed-in member waits for their profile to arrive before it counts as failed. */
const PROFILE_WAIT_MS = 15_000;

function isSection(value: string | undefined): value is SettingsSection {
  return SETTINGS_SECTIONS.some((s) => s.id === value);
}

export type SettingsView =
  | { show: 'starting' }
  | { show: 'signed-out' }
  | { show: 'password' }
  | { show: 'notifications'; userId: string }
  | { show: 'profile-failed' }
  | { show: 'profile-loading' }
  | { show: 'profile' | 'location'; profile: Profile };

interface ProfileRead {
  data?: Profile | null;
  loading: boolean;
  error?: unknown;
}

/** Signed in, the profile read has answered, and there is none (yet: it comes with the first pull). */
export function profileMissing(userId: string | null, profile: ProfileRead): boolean {
  return userId !== null && !profile.loading && !profile.error && !profile.data;
}

/** What the screen shows, from what is known: pure, so each case is unit-tested. */
export function settingsView(at: { userId: string | null; ready: boolean; current: SettingsSection; profile: ProfileRead; waitedTooLong: boolean; offline: boolean }): SettingsView {
  const { userId, current, profile } = at;
  if (!userId) return at.ready ? { show: 'signed-out' } : { show: 'starting' };
  if (current === 'password') return { show: 'password' };
  if (current === 'notifications') return { show: 'notifications', userId };
  if (profile.error || (profileMissing(userId, profile) && (at.waitedTooLong || at.offline))) return { show: 'profile-failed' };
  if (!profile.data) return { show: 'profile-loading' };
  return { show: current, profile: profile.data };
}

export interface SettingsScreenState {
  /** The address names no section: go to Edit Profile. */
  unknownSection: boolean;
  current: SettingsSection;
  title: string;
  view: SettingsView;
}

export function useSettingsScreen(): SettingsScreenState {
  const { section } = useParams<{ section?: string }>();
  const session = useSession();
  const ready = useSessionReady();
  const sync = useSyncStatus();
  const userId = session.user?.id ?? null;
  const profile = useMyProfile(userId);
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const missing = profileMissing(userId, profile);

  useEffect(() => {
    setWaitedTooLong(false);
    if (!missing) return;
    const timer = setTimeout(() => setWaitedTooLong(true), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [missing]);

  const unknownSection = section !== undefined && !isSection(section);
  const current: SettingsSection = section !== undefined && isSection(section) ? section : 'profile';
  const title = SETTINGS_SECTIONS.find((s) => s.id === current)?.title ?? 'Settings';

  const view = settingsView({ userId, ready, current, profile, waitedTooLong, offline: sync.state === 'offline' });
  return { unknownSection, current, title, view };
}
