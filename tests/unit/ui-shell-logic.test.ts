// The pure rules behind the shell: scroll reveal, unread grouping and the badge, sync wording,
// the partner strip's copies, the route rules, formatting.
import { describe, expect, it } from 'vitest';
import { nextRevealState, REVEAL_TOP_PX } from '../../web/src/lib/scroll-reveal.ts';
import { groupUnreadBySender, previewText, profileBadgeCount } from '../../web/src/lib/unread-groups.ts';
import { describeItem, syncText } from '../../web/src/data/sync-text.ts';
import { badgeText } from '../../web/src/lib/badge.ts';
import { formatLongDate, formatRelative, formatTime12 } from '../../web/src/lib/dates.ts';
import { partnerCopies, PARTNER_LOGO_PX } from '../../web/src/components/layout/partner-strip.tsx';
import { unsyncedWarning } from '../../web/src/components/layout/use-sign-out.tsx';
import { ADMIN_LINKS, PUBLIC_LINKS, partnerStripHiddenOn, sidebarHiddenOn } from '../../web/src/components/layout/nav-links.ts';
import { ADMIN_CARDS } from '../../web/src/screens/admin/admin-dashboard-cards.ts';
import { documentTitle } from '../../web/src/app/route-meta.ts';
import { FOOTER_YEAR } from '../../web/src/components/layout/home-footer.tsx';

describe('scroll reveal', () => {
  it('hides on scroll down and shows on scroll up', () => {
    expect(nextRevealState(true, 200, 400)).toBe(false);
    expect(nextRevealState(false, 400, 300)).toBe(true);
  });
  it('always shows near the top', () => {
    expect(nextRevealState(false, 0, REVEAL_TOP_PX)).toBe(true);
    expect(nextRevealState(false, 300, 10)).toBe(true);
  });
  it('ignores jitter', () => {
    expect(nextRevealState(false, 400, 403)).toBe(false);
    expect(nextRevealState(true, 400, 397)).toBe(true);
  });
});

describe('unread messages per sender', () => {
  const m = (sender_id: string, created_at: string, content = 'hi') => ({ sender_id, created_at, content });
  it('groups by sender, newest sender first, keeping the newest message', () => {
    const groups = groupUnreadBySender([m('a', '2025-01-01T10:00:00Z'), m('b', '2025-01-02T10:00:00Z', 'late'), m('a', '2025-01-03T10:00:00Z', 'newest')]);
    expect(groups.map((g) => [g.senderId, g.count, g.latest.content])).toEqual([
      ['a', 2, 'newest'],
      ['b', 1, 'late'],
    ]);
  });
  it('counts senders, plus one for new receipts', () => {
    const groups = groupUnreadBySender([m('a', '1'), m('a', '2'), m('b', '3')]);
    expect(profileBadgeCount(groups, false)).toBe(2);
    expect(profileBadgeCount(groups, true)).toBe(3);
    expect(profileBadgeCount([], true)).toBe(1);
    expect(profileBadgeCount([], false)).toBe(0);
  });
  it('previews a message on one line', () => {
    expect(previewText('hello\n  there')).toBe('hello there');
    expect(previewText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
  it('caps badge numbers', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('sync wording', () => {
  it('says offline, syncing n, all synced and signed out', () => {
    expect(syncText('offline', 0)).toEqual({ short: 'Offline', detail: '' });
    expect(syncText('offline', 2)).toEqual({ short: 'Offline', detail: '— 2 waiting' });
    expect(syncText('syncing', 3).short).toBe('Syncing 3');
    expect(syncText('synced', 0).short).toBe('All synced');
    expect(syncText('signed-out', 0)).toEqual({ short: 'Signed out', detail: '— changes are kept on this device' });
    expect(syncText('signed-out', 1)).toEqual({ short: 'Signed out', detail: '— 1 waiting, kept on this device' });
    expect(syncText('connecting', 0)).toEqual({ short: 'Connecting…', detail: '' });
    expect(syncText('connecting', 2)).toEqual({ short: 'Connecting…', detail: '— 2 waiting' });
  });
  it('names refused items by their document type', () => {
    expect(describeItem('like:event:abc')).toBe('A like');
    expect(describeItem('profile:u1')).toBe('Your profile');
    expect(describeItem('weird')).toBe('A change');
  });
  it('warns with the count of unsynced changes', () => {
    expect(unsyncedWarning(1)).toBe("You have 1 change that haven't synced yet. Signing out now will lose them.");
    expect(unsyncedWarning(3)).toBe("You have 3 changes that haven't synced yet. Signing out now will lose them.");
  });
});

describe('partner strip', () => {
  it('repeats the logos until one half of the loop fills the strip', () => {
    expect(partnerCopies(1280, 6)).toBe(1); // 6 × 256 = 1536 ≥ 1280
    expect(partnerCopies(1280, 2)).toBe(3); // 512 per copy
    expect(partnerCopies(375, 1)).toBe(2);
    expect(partnerCopies(1280, 0)).toBe(0);
    expect(PARTNER_LOGO_PX).toBe(256);
  });
});

describe('routes and navigation', () => {
  it('hides the sidebar on sign-in, sign-up and chat only', () => {
    for (const p of ['/signin', '/signup', '/fete-chat', '/signin/']) expect(sidebarHiddenOn(p)).toBe(true);
    for (const p of ['/', '/fete-guide', '/settings/profile', '/admin', '/fete-chats']) expect(sidebarHiddenOn(p)).toBe(false);
  });
  it('shows the partner strip on home and most pages', () => {
    for (const p of ['/', '/fete-guide', '/dashboard', '/bands/x']) expect(partnerStripHiddenOn(p)).toBe(false);
    for (const p of ['/signin', '/signup', '/reset-password', '/fete-chat', '/admin', '/admin/events']) expect(partnerStripHiddenOn(p)).toBe(true);
  });
  it('labels the band list Fete Band and the festival list Fete Destinations', () => {
    expect(PUBLIC_LINKS.find((l) => l.to === '/fete-destinations')?.label).toBe('Fete Band');
    expect(PUBLIC_LINKS.find((l) => l.to === '/fete-travel')?.label).toBe('Fete Destinations');
    expect(ADMIN_LINKS.filter((l) => l.disabled).map((l) => l.label)).toEqual(['Site Settings']);
  });
  it('lists in the admin sidebar the same pages as the admin dashboard cards, in their order', () => {
    const sidebar = ADMIN_LINKS.filter((l) => l.to !== '/admin').map((l) => (l.disabled ? null : l.to));
    expect(sidebar).toEqual(ADMIN_CARDS.map((c) => c.to));
    expect(ADMIN_LINKS.filter((l) => l.disabled).map((l) => l.label)).toEqual(ADMIN_CARDS.filter((c) => c.to === null).map((c) => c.title));
  });
  it('titles documents', () => {
    expect(documentTitle({ title: 'Home' })).toBe('Fete');
    expect(documentTitle({ title: 'Fete Eats' })).toBe('Fete Eats · Fete');
    expect(documentTitle(null)).toBe('Fete');
  });
  it('dates the footer 2025', () => {
    expect(FOOTER_YEAR).toBe(2025);
  });
});

describe('formatting', () => {
  it('formats long US dates and 12-hour times', () => {
    expect(formatLongDate('2025-02-14T12:00:00')).toBe('February 14, 2025');
    expect(formatTime12('18:30')).toBe('6:30 PM');
    expect(formatTime12('00:05')).toBe('12:05 AM');
    expect(formatTime12('12:00:00')).toBe('12:00 PM');
    expect(formatTime12('soon')).toBe('soon');
  });
  it('formats relative times as the chat spec says', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(formatRelative('2025-03-01T11:59:30Z', now)).toBe('Just now');
    expect(formatRelative('2025-03-01T11:15:00Z', now)).toBe('45 min ago');
    expect(formatRelative('2025-03-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelative('2025-03-01T02:00:00Z', now)).toBe('10 hours ago');
    expect(formatRelative('2025-02-28T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelative('2025-02-26T12:00:00Z', now)).toBe('3 days ago');
    // A week and older: the long date, as everywhere else (not the browser's 3/1/2025).
    expect(formatRelative('2025-02-20T12:00:00', now)).toBe('February 20, 2025');
    expect(formatRelative('not a time', now)).toBe('');
  });
});
