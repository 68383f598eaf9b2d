// The account screens' small rules: where to go after sign-in, the sign-up draft (never the
// password), error texts, the avatar checks, persistent storage and the delete-user call.
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../../web/src/data/auth-api.ts';
import { UploadError } from '../../web/src/data/uploads.ts';
import { membershipWarningText } from '../../web/src/components/account/account-texts.ts';
import { avatarErrorText, avatarFileProblem } from '../../web/src/components/account/avatar-checks.ts';
import { attachSignupAvatar } from '../../web/src/components/account/avatar-upload.ts';
import { waitForOwnProfile } from '../../web/src/data/own-profile-arrival.ts';
import { deleteAccount } from '../../web/src/components/account/delete-account.ts';
import type { DataLayer } from '../../web/src/data/index.ts';
import { serverMessage } from '../../web/src/components/account/error-text.ts';
import { requestPersistentStorage } from '../../web/src/screens/account/persist-storage.ts';
import { returnPath } from '../../web/src/screens/account/return-path.ts';
import { SIGNUP_DRAFT_KEY, clearDraft, loadDraft, saveDraft } from '../../web/src/screens/account/signup-draft.ts';
import { memoryStorage } from './memory-storage.ts';


describe('returnPath', () => {
  it('goes back to a path or a location object', () => {
    expect(returnPath({ from: '/fete-chat' })).toBe('/fete-chat');
    expect(returnPath({ from: { pathname: '/events/e1', search: '?x=1', hash: '#top' } })).toBe('/events/e1?x=1#top');
  });

  it('falls back to home for nothing, other origins and the auth screens', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPath({ from: '//evil.example/' })).toBe('/');
    expect(returnPath({ from: '/\\evil.example/' })).toBe('/');
    // A URL parser drops TAB, LF and CR inside a URL: these would be "//evil.example".
    for (const from of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', ' /x', '/x\u0000', 'javascript:alert(1)']) expect(returnPath({ from }), JSON.stringify(from)).toBe('/');
    expect(returnPath({ from: { pathname: '/\t/evil.example', search: '', hash: '' } })).toBe('/');
    expect(returnPath({ from: '/signin' })).toBe('/');
    expect(returnPath({ from: '/signup?x=1' })).toBe('/');
    expect(returnPath({ from: '/reset-password?token=t' }, '/dashboard')).toBe('/dashboard');
  });
});

describe('sign-up draft', () => {
  it('round-trips every field but the password', () => {
    const storage = memoryStorage();
    const withPassword = { step: 2 as const, first_name: 'Keisha', last_name: 'B', email: 'k@x.org', territory: 'Jamaica', locality: 'Ocho Rios', password: 'secret-pass' };
    saveDraft(storage, withPassword);
    expect(storage.map.get(SIGNUP_DRAFT_KEY)).not.toContain('secret-pass');
    expect(JSON.parse(storage.map.get(SIGNUP_DRAFT_KEY) ?? '{}')).not.toHaveProperty('password');
    const { password: _password, ...rest } = withPassword;
    expect(loadDraft(storage)).toEqual(rest);
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual({ step: 1, first_name: '', last_name: '', email: '', territory: '', locality: '' });
  });

  it('survives garbage and missing or failing storage', () => {
    const storage = memoryStorage();
    storage.setItem(SIGNUP_DRAFT_KEY, '{not json');
    expect(loadDraft(storage).step).toBe(1);
    storage.setItem(SIGNUP_DRAFT_KEY, JSON.stringify({ step: 7, first_name: 3, email: 'a@b.c' }));
    expect(loadDraft(storage)).toMatchObject({ step: 1, first_name: '', email: 'a@b.c' });
    expect(loadDraft(null).step).toBe(1);
    const failing = { getItem: () => null, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('blocked'); } };
    expect(() => saveDraft(failing, { step: 1, first_name: '', last_name: '', email: '', territory: '', locality: '' })).not.toThrow();
    expect(() => clearDraft(failing)).not.toThrow();
  });
});

describe('serverMessage', () => {
  it("shows the server's message", () => {
    expect(serverMessage(new AuthError(409, 'email_taken', 'An account with this email already exists'), 'Failed to create account')).toBe(
      'An account with this email already exists',
    );
    expect(serverMessage(new AuthError(429, 'rate_limited', 'Too many attempts. Please try again later.'), 'Failed to sign in')).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('falls back for network failures, answers without a message and other errors', () => {
    expect(serverMessage(new AuthError(0, 'network', 'Failed to fetch'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(serverMessage(new AuthError(500, 'http_500', 'http_500'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(serverMessage(new AuthError(502, 'bad_gateway', 'bad_gateway'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(serverMessage(new Error('boom'), 'Failed to create account')).toBe('Failed to create account');
    expect(serverMessage(undefined, 'Failed to create account')).toBe('Failed to create account');
  });
});

describe('membership warning', () => {
  it("joins the spec's two sentences", () => {
    expect(membershipWarningText({ days_left: 12 })).toBe(
      'Your membership will expire in 12 days. Please renew your membership before it expires to maintain access to your account.',
    );
    expect(membershipWarningText({ days_left: 3, message: 'Your membership will expire in 3 days.', detail: 'Renew.' })).toBe(
      'Your membership will expire in 3 days. Renew.',
    );
  });
});

describe('avatar checks', () => {
  it("refuses what is not an image and what passes 30MB, with the spec's texts", () => {
    expect(avatarFileProblem({ type: 'text/plain', size: 10 })).toBe('Please upload an image file');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('Please upload an image file');
    expect(avatarFileProblem({ type: 'image/jpeg', size: 30 * 1024 * 1024 + 1 })).toBe('Image size must be less than 30MB');
    expect(avatarFileProblem({ type: 'image/png', size: 30 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('Please upload an image file');
  });

  it("shows the checks' and the server's refusals, the fallback otherwise", () => {
    const fallback = 'Failed to update profile picture';
    expect(avatarErrorText(new Error('Please upload an image file'), fallback)).toBe('Please upload an image file');
    expect(avatarErrorText(Object.assign(new Error('Too many uploads. Please try again in a few minutes.'), { status: 429 }), fallback)).toBe(
      'Too many uploads. Please try again in a few minutes.',
    );
    expect(avatarErrorText(new UploadError(415, 'unreadable_image', 'This image could not be read.'), fallback)).toBe('This image could not be read.');
    expect(avatarErrorText(new UploadError(0, 'offline', 'You are offline. Connect to the internet to upload images.'), fallback)).toBe(
      'Failed to update profile picture. You are offline. Connect to the internet to upload images.',
    );
    expect(avatarErrorText(new UploadError(500, 'server_error', 'The server could not store the image.'), fallback)).toBe(fallback);
    expect(avatarErrorText(Object.assign(new Error('Internal'), { status: 500 }), fallback)).toBe(fallback);
    expect(avatarErrorText(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});

describe('requestPersistentStorage', () => {
  it('asks once when not yet persisted, and never throws', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => false, persist })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    const again = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => true, persist: again })).toBe(true);
    expect(again).not.toHaveBeenCalled();
    expect(await requestPersistentStorage(undefined)).toBe(false);
    expect(await requestPersistentStorage({ persist: async () => { throw new Error('denied'); } })).toBe(false);
  });
});

describe('deleteAccount', () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('posts with a JSON content type and no body', async () => {
    const send = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { success: true }));
    expect(await deleteAccount(send as typeof fetch)).toEqual({ ok: true });
    const [url, init] = send.mock.calls[0] ?? [];
    expect(url).toBe('/api/functions/delete-user');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBeUndefined();
  });

  it("shows the server's error, an authentication error, or the fallback", async () => {
    expect(await deleteAccount((async () => json(401, { error: 'Please sign in again to delete your account' })) as typeof fetch)).toEqual({
      ok: false,
      message: 'Please sign in again to delete your account',
    });
    expect(await deleteAccount((async () => json(500, {})) as typeof fetch)).toEqual({ ok: false, message: 'Failed to delete account' });
    expect(await deleteAccount((async () => new Response('oops', { status: 502 })) as typeof fetch)).toEqual({
      ok: false,
      message: 'Failed to delete account',
    });
    expect(await deleteAccount((async () => json(200, { success: false })) as typeof fetch)).toEqual({ ok: false, message: 'Failed to delete account' });
    expect(
      await deleteAccount((async () => {
        throw new AuthError(401, 'unauthorized', 'Auth session missing!');
      }) as typeof fetch),
    ).toEqual({ ok: false, message: 'Authentication error: Auth session missing!' });
    expect(
      await deleteAccount((async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch),
    ).toEqual({ ok: false, message: 'Failed to delete account' });
  });
});

describe('the sign-up picture waits for the profile', () => {
  function fakeData() {
    let profile: { _id: string } | null = null;
    const listeners = new Set<() => void>();
    const updates: unknown[] = [];
    const data = {
      profiles: {
        mine: async () => profile,
        updateMine: async (patch: unknown) => void updates.push(patch),
      },
      hub: {
        subscribe: (_keys: unknown, l: () => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
      },
    } as unknown as DataLayer;
    return {
      data,
      updates,
      listeners,
      arrive() {
        profile = { _id: 'profile:u1' };
        for (const l of [...listeners]) l();
      },
    };
  }

  it('saves the picture once the profile has been pulled, then stops listening', async () => {
    const f = fakeData();
    const done = attachSignupAvatar(f.data, 'u1/pic.webp');
    await new Promise((r) => setTimeout(r, 10));
    expect(f.updates).toEqual([]);
    f.arrive();
    await done;
    expect(f.updates).toEqual([{ avatar_url: 'u1/pic.webp' }]);
    expect(f.listeners.size).toBe(0);
  });

  it('gives up after the timeout', async () => {
    const f = fakeData();
    await expect(waitForOwnProfile(f.data, 20)).rejects.toThrow(/not arrived/);
    expect(f.listeners.size).toBe(0);
  });
});
