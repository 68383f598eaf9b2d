// Settings' controller decides what the screen shows (web/src/screens/settings/use-settings-screen.ts).
import { describe, expect, it } from 'vitest';
import { profileMissing, settingsView } from '../../web/src/screens/settings/use-settings-screen.ts';
import type { Profile } from '../../web/src/data/repos/profiles.ts';

const profile = { _id: 'profile:u1', user_id: 'u1', first_name: 'Ana' } as unknown as Profile;
const base = { userId: 'u1', ready: true, current: 'profile' as const, profile: { data: profile, loading: false }, waitedTooLong: false, offline: false };

describe('the settings screen view', () => {
  it('waits for the session, then asks a visitor to sign in', () => {
    expect(settingsView({ ...base, userId: null, ready: false })).toEqual({ show: 'starting' });
    expect(settingsView({ ...base, userId: null })).toEqual({ show: 'signed-out' });
  });

  it('opens password and notifications without the profile', () => {
    const none = { data: undefined, loading: true };
    expect(settingsView({ ...base, current: 'password', profile: none })).toEqual({ show: 'password' });
    expect(settingsView({ ...base, current: 'notifications', profile: none })).toEqual({ show: 'notifications', userId: 'u1' });
  });

  it('shows the profile and location forms on the profile', () => {
    expect(settingsView(base)).toEqual({ show: 'profile', profile });
    expect(settingsView({ ...base, current: 'location' })).toEqual({ show: 'location', profile });
  });

  it("waits for a new member's profile, and says it failed after the wait, offline, or on an error", () => {
    const absent = { data: null, loading: false };
    expect(profileMissing('u1', absent)).toBe(true);
    expect(profileMissing('u1', { data: undefined, loading: true })).toBe(false);
    expect(settingsView({ ...base, profile: absent })).toEqual({ show: 'profile-loading' });
    expect(settingsView({ ...base, profile: absent, waitedTooLong: true })).toEqual({ show: 'profile-failed' });
    expect(settingsView({ ...base, profile: absent, offline: true })).toEqual({ show: 'profile-failed' });
    expect(settingsView({ ...base, profile: { data: undefined, loading: false, error: new Error('x') } })).toEqual({ show: 'profile-failed' });
  });
});
