// Fete Nation's directory: order by first name, territory filter, full-name search, the device
// bound of ADR 020, and that only the directory's fields ever reach the screen.
import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';
import { compareMembers, filterDirectory, toDirectoryEntry } from '../../web/src/data/repos/profiles.ts';
import type { DirectoryEntry, Profile } from '../../web/src/data/repos/profiles.ts';
import { TERRITORY_OPTIONS, memberCountText, memberPlace, nationFilterActive, partialDirectoryText, startChatTarget } from '../../web/src/screens/nation/nation-logic.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env | undefined;
afterEach(async () => {
  await env?.destroy();
  env = undefined;
});

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';

function profileDoc(userId: string, first: string, last: string, territory = 'Trinidad and Tobago', extra: Record<string, unknown> = {}) {
  return {
    _id: `profile:${userId}`, type: 'profile', user_id: userId, first_name: first, last_name: last, avatar_url: null, territory, locality: 'Port of Spain',
    membership_type: 'gold', membership_expires_at: '2027-01-01T00:00:00.000Z', role: 'member', created_at: '2026-01-01T00:00:00.000Z', ...extra,
  };
}

function entry(id: string, first: string, last: string, territory = 'Jamaica'): DirectoryEntry {
  return toDirectoryEntry({ ...profileDoc(id, first, last, territory), id } as unknown as Profile);
}

const PEOPLE = [
  entry('u1', 'Zara', 'Lewis', 'Barbados'),
  entry('u2', 'andre', 'Baptiste', 'Trinidad and Tobago'),
  entry('u3', 'Kerry-Ann', 'Ali', 'Jamaica'),
  entry('u4', 'Andre', 'Alleyne', 'Barbados'),
  entry('u5', 'Émile', 'Charles', 'Grenada'),
].sort(compareMembers);

describe('directory order', () => {
  it('sorts by first name regardless of case and accents, then last name', () => {
    expect(PEOPLE.map((p) => `${p.first_name} ${p.last_name}`)).toEqual(['Andre Alleyne', 'andre Baptiste', 'Émile Charles', 'Kerry-Ann Ali', 'Zara Lewis']);
  });

  it('keeps namesakes in a stable order by id', () => {
    const twins = [entry('b', 'Kim', 'Roy'), entry('a', 'Kim', 'Roy')].sort(compareMembers);
    expect(twins.map((t) => t.id)).toEqual(['a', 'b']);
  });
});

describe('filterDirectory', () => {
  it('with no filter returns everyone in order, as a new array', () => {
    const all = filterDirectory(PEOPLE);
    expect(all.map((p) => p.id)).toEqual(PEOPLE.map((p) => p.id));
    expect(all).not.toBe(PEOPLE);
  });

  it('keeps one territory, in order', () => {
    expect(filterDirectory(PEOPLE, { territory: 'Barbados' }).map((p) => p.first_name)).toEqual(['Andre', 'Zara']);
    expect(filterDirectory(PEOPLE, { territory: '' })).toHaveLength(PEOPLE.length);
    expect(filterDirectory(PEOPLE, { territory: 'Tuvalu' })).toEqual([]);
  });

  it('searches the full name, case-insensitively, across first and last name', () => {
    expect(filterDirectory(PEOPLE, { search: 'ANDRE' }).map((p) => p.last_name)).toEqual(['Alleyne', 'Baptiste']);
    expect(filterDirectory(PEOPLE, { search: 'andre bap' }).map((p) => p.last_name)).toEqual(['Baptiste']);
    expect(filterDirectory(PEOPLE, { search: '  lewis ' }).map((p) => p.first_name)).toEqual(['Zara']);
    expect(filterDirectory(PEOPLE, { search: 'Trinidad' })).toEqual([]);
  });

  it('combines the search with the territory', () => {
    expect(filterDirectory(PEOPLE, { search: 'andre', territory: 'Trinidad and Tobago' }).map((p) => p.last_name)).toEqual(['Baptiste']);
    expect(filterDirectory(PEOPLE, { search: 'zara', territory: 'Jamaica' })).toEqual([]);
  });
});

describe('nation rules', () => {
  it('counts members in the spec style', () => {
    expect(memberCountText(0)).toBe('Showing 0 members');
    expect(memberCountText(1)).toBe('Showing 1 member');
    expect(memberCountText(12)).toBe('Showing 12 members');
  });

  it('shows the reset button only when a filter or search is set', () => {
    expect(nationFilterActive({ search: '', territory: '' })).toBe(false);
    expect(nationFilterActive({ search: '  ', territory: '' })).toBe(false);
    expect(nationFilterActive({ search: 'kim', territory: '' })).toBe(true);
    expect(nationFilterActive({ search: '', territory: 'Jamaica' })).toBe(true);
  });

  it('offers every territory of the sign-up list after All Territories', () => {
    expect(TERRITORY_OPTIONS[0]).toEqual({ value: '', label: 'All Territories' });
    expect(TERRITORY_OPTIONS.map((o) => o.value)).toContain('Trinidad and Tobago');
  });

  it('Start Chat carries the member id in the query and the navigation state', () => {
    expect(startChatTarget('ab/12')).toEqual({ pathname: '/fete-chat', search: '?selectedUserId=ab%2F12', state: { selectedUserId: 'ab/12' } });
  });

  it('says where a member lives from the parts that are set', () => {
    expect(memberPlace({ locality: 'Brooklyn', territory: 'United States' })).toBe('Brooklyn, United States');
    expect(memberPlace({ locality: '', territory: 'Jamaica' })).toBe('Jamaica');
  });

  it('names the bound when the directory is partial', () => {
    expect(partialDirectoryText(10_000)).toContain('10,000');
  });
});

describe('profiles repository: the directory on the device', () => {
  it('is empty for a visitor', async () => {
    env = repoEnv();
    expect(await env.repos.profiles.directoryEntries()).toEqual({ entries: [], complete: true });
    expect(await env.repos.profiles.member(ME)).toBeNull();
  });

  it('holds only the directory fields: no e-mail, role or expiry, even if a document carried them', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await space.dbs.members.bulkDocs([profileDoc(ME, 'Kim', 'Roy', 'Jamaica', { email: 'kim@example.com', role: 'admin' })]);
    const { entries } = await env.repos.profiles.directoryEntries();
    expect(Object.keys(entries[0] ?? {}).sort()).toEqual(
      ['avatar_url', 'created_at', 'first_name', 'id', 'last_name', 'locality', 'membership_type', 'search_key', 'territory'].sort(),
    );
    const member = await env.repos.profiles.member(ME);
    expect(member).toMatchObject({ id: ME, first_name: 'Kim', last_name: 'Roy', territory: 'Jamaica' });
    expect(JSON.stringify(member)).not.toContain('kim@example.com');
    expect(member).not.toHaveProperty('role');
    expect(member).not.toHaveProperty('membership_expires_at');
    expect(await env.repos.profiles.member('ffff0000ffff0000ffff0000ffff0000')).toBeNull();
  });

  it('reads at most the bound, sorted, and says when the device holds more', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    const names = ['Zed', 'Amy', 'Kim', 'Bea', 'Lou'];
    await space.dbs.members.bulkDocs([
      ...names.map((n, i) => profileDoc(`${i}`.padStart(32, 'c'), n, 'X')),
      // Not profiles: never in the directory.
      { _id: `attendance:event:e1:${ME}`, type: 'attendance', target_type: 'event', target_id: 'e1', user_id: ME, created_at: '2026-01-01T00:00:00.000Z' },
    ]);
    const all = await env.repos.profiles.directoryEntries();
    expect(all.complete).toBe(true);
    expect(all.entries.map((e) => e.first_name)).toEqual(['Amy', 'Bea', 'Kim', 'Lou', 'Zed']);

    const bounded = await env.repos.profiles.directoryEntries(3);
    expect(bounded.complete).toBe(false);
    expect(bounded.entries).toHaveLength(3);
    expect(bounded.entries.map((e) => e.first_name)).toEqual(bounded.entries.map((e) => e.first_name).sort());

    expect((await env.repos.profiles.directoryEntries(5)).complete).toBe(true);
  });
});
