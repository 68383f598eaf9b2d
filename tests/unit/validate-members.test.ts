import { describe, expect, it } from 'vitest';
import { setImageHosts } from '../../design-docs/src/schemas/common.ts';
import { profileSchema } from '../../design-docs/src/schemas/profile.ts';
import {
  admin, attendance, by, eventDiscount, form, judgeFor, member, other, pkg, profile, rating, ride, server, tombstone,
  visitor,
} from './validate-support.ts';

const judge = judgeFor('members');

describe('members: visitors', () => {
  it('refuses every write without a signed-in user', () => {
    for (const doc of [profile(), attendance(), rating(), pkg(), ride(), form(), eventDiscount()]) {
      expect(judge(doc, null, visitor)).toBe('unauthorized');
      expect(judge(tombstone(doc), doc, visitor)).toBe('unauthorized');
    }
  });
});

describe('members: profiles', () => {
  const p = profile();

  it('is created by the server only', () => {
    expect(judge(p, null, server)).toBe('allow');
    expect(judge(p, null, member)).toBe('forbidden');
    expect(judge(p, null, admin)).toBe('forbidden');
  });

  it('lets the member change their name, avatar and location', () => {
    const edited = { ...p, first_name: 'Mya', last_name: 'Li', avatar_url: 'u1/1.png', territory: 'Jamaica', locality: 'Kingston' };
    expect(judge(edited, p, member)).toBe('allow');
    expect(judge({ ...p, avatar_url: '/uploads/avatars/u1/1735725600000-0123456789ab.webp' }, p, member)).toBe('allow');
  });

  it('accepts an image host the operator lists (IMAGE_HOSTS), in the installed source too', () => {
    setImageHosts(['images.example.com']);
    try {
      const listed = judgeFor('members');
      expect(listed({ ...p, avatar_url: 'https://images.example.com/u1.png' }, p, member)).toBe('allow');
      expect(listed({ ...p, avatar_url: 'https://images.example.com.evil.example/u1.png' }, p, member)).toBe('forbidden');
      expect(listed({ ...p, avatar_url: 'https://tracker.example/u1.png' }, p, member)).toBe('forbidden');
      expect(profileSchema.safeParse({ ...p, avatar_url: 'https://images.example.com/u1.png' }).success).toBe(true);
    } finally {
      setImageHosts([]);
    }
    expect(profileSchema.safeParse({ ...p, avatar_url: 'https://images.example.com/u1.png' }).success).toBe(false);
  });

  it('refuses an avatar on another host: every viewer would fetch it', () => {
    expect(judge.reason({ ...p, avatar_url: 'https://tracker.example/u1.png' }, p, member)).toBe(
      'avatar_url must be an image uploaded to Fete (or on an approved image host)',
    );
  });

  it.each([
    ['role', 'admin'],
    ['membership_type', 'premium'],
    ['membership_expires_at', '2099-01-01T00:00:00.000Z'],
    ['created_at', '2020-01-01T00:00:00.000Z'],
    ['nickname', 'sneaky'],
  ])('refuses the member changing %s', (field, value) => {
    expect(judge({ ...p, [field]: value }, p, member)).toBe('forbidden');
  });

  it('refuses a blank name or a hostile avatar link', () => {
    expect(judge({ ...p, first_name: ' ' }, p, member)).toBe('forbidden');
    expect(judge({ ...p, avatar_url: 'javascript:alert(1)' }, p, member)).toBe('forbidden');
  });

  it('refuses another member or an admin editing the profile', () => {
    expect(judge({ ...p, first_name: 'X' }, p, other)).toBe('forbidden');
    expect(judge({ ...p, role: 'admin' }, p, admin)).toBe('forbidden');
  });

  it('lets only the server delete a profile or change its role', () => {
    expect(judge(tombstone(p), p, member)).toBe('forbidden');
    expect(judge(tombstone(p), p, admin)).toBe('forbidden');
    expect(judge(tombstone(p), p, server)).toBe('allow');
    expect(judge({ ...p, role: 'admin' }, p, server)).toBe('allow');
  });

  it('requires the id to match user_id', () => {
    expect(judge(profile({ _id: 'profile:u2' }), null, server)).toBe('forbidden');
    expect(judge(profile({ role: 'root' }), null, server)).toBe('forbidden');
  });
});

describe('members: attendance', () => {
  const a = attendance();

  it('lets a member add and remove their own attendance', () => {
    expect(judge(a, null, member)).toBe('allow');
    expect(judge(attendance({ _id: 'attendance:band:b1:u1', target_type: 'band', target_id: 'b1' }), null, member)).toBe(
      'allow',
    );
    expect(judge(tombstone(a), a, member)).toBe('allow');
  });

  it('refuses attendance in someone else’s name', () => {
    const forU2 = attendance({ _id: 'attendance:event:e1:u2', user_id: 'u2' });
    expect(judge(forU2, null, member)).toBe('forbidden');
    expect(judge(tombstone(a), a, other)).toBe('forbidden');
    expect(judge(tombstone(a), a, admin)).toBe('forbidden');
  });

  it('refuses an id that does not match, and other target types', () => {
    expect(judge(attendance({ _id: 'attendance:event:e2:u1' }), null, member)).toBe('forbidden');
    expect(judge(attendance({ _id: 'attendance:event:e1:u1:x' }), null, member)).toBe('forbidden');
    const r = attendance({ _id: 'attendance:restaurant:e1:u1', target_type: 'restaurant' });
    expect(judge(r, null, member)).toBe('forbidden');
  });

  it('refuses updates: attendance is added or removed', () => {
    expect(judge({ ...a, created_at: '2025-02-02T00:00:00.000Z' }, a, member)).toBe('forbidden');
  });
});

describe('members: ratings', () => {
  const r = rating();

  it.each([1, 2, 3, 4, 5])('accepts %i stars from the member', (stars) => {
    expect(judge(rating({ rating: stars }), null, member)).toBe('allow');
  });

  it.each([0, 6, 3.5, '4', null, -1])('refuses %s stars', (stars) => {
    expect(judge(rating({ rating: stars }), null, member)).toBe('forbidden');
  });

  it('lets the member update and delete their own rating', () => {
    expect(judge({ ...r, rating: 2, comment: 'Changed my mind' }, r, member)).toBe('allow');
    expect(judge(tombstone(r), r, member)).toBe('allow');
    const band = rating({ _id: 'rating:band:b1:u1', target_type: 'band', target_id: 'b1' });
    expect(judge(band, null, member)).toBe('allow');
  });

  it('refuses rating in someone else’s name or changing theirs', () => {
    expect(judge(rating({ _id: 'rating:provider:f1:u2', user_id: 'u2' }), null, member)).toBe('forbidden');
    expect(judge({ ...r, rating: 1 }, r, other)).toBe('forbidden');
    expect(judge({ ...r, user_id: 'u2' }, r, other)).toBe('forbidden');
    expect(judge(tombstone(r), r, other)).toBe('forbidden');
  });

  it('refuses a mismatched id and unrated target types', () => {
    expect(judge(rating({ _id: 'rating:provider:f2:u1' }), null, member)).toBe('forbidden');
    expect(judge(rating({ _id: 'rating:event:f1:u1', target_type: 'event' }), null, member)).toBe('forbidden');
  });
});

describe('members: admin documents', () => {
  const docs = [pkg(), ride(), form(), eventDiscount()];

  it.each(docs.map((d) => [d.type, d]))('lets an admin and the server create, update and delete a %s', (_t, doc) => {
    for (const who of [admin, server]) {
      expect(judge(by(who, doc), null, who)).toBe('allow');
      expect(judge(by(who, { ...doc, active: false }), doc, who)).toBe('allow');
      expect(judge(tombstone(doc), doc, who)).toBe('allow');
    }
  });

  it.each(docs.map((d) => [d.type, d]))('refuses members writing a %s', (_t, doc) => {
    expect(judge(doc, null, member)).toBe('forbidden');
    expect(judge({ ...doc, active: false }, doc, member)).toBe('forbidden');
    expect(judge(tombstone(doc), doc, member)).toBe('forbidden');
  });

  it('refuses malformed admin documents', () => {
    expect(judge(pkg({ subtitle: '' }), null, admin)).toBe('forbidden');
    expect(judge(ride({ order: '1' }), null, admin)).toBe('forbidden');
    expect(judge(pkg({ buttonlink: 'javascript:alert(1)' }), null, admin)).toBe('forbidden');
    expect(judge(form({ _id: 'form:ride:k1' }), null, admin)).toBe('forbidden');
    expect(judge(form({ formtype: 'party', _id: 'form:party:k1' }), null, admin)).toBe('forbidden');
    expect(judge(form({ fields: 'none' }), null, admin)).toBe('forbidden');
    expect(judge(form({ fields: [{ id: 'f1', type: 'color', label: 'Colour' }] }), null, admin)).toBe('forbidden');
    expect(judge(form({ fields: [{ id: 'f1', type: 'text', label: '' }] }), null, admin)).toBe('forbidden');
    expect(judge(eventDiscount({ percentage: 0 }), null, admin)).toBe('forbidden');
    expect(judge(eventDiscount({ percentage: 150 }), null, admin)).toBe('forbidden');
    expect(judge(eventDiscount({ event_id: '' }), null, admin)).toBe('forbidden');
  });

  it('refuses document types that belong elsewhere', () => {
    const msg = { _id: 'message:x:y', type: 'message', content: 'hi' };
    expect(judge(msg, null, admin)).toBe('forbidden');
    expect(judge(msg, null, server)).toBe('forbidden');
  });
});

describe('members: a form\'s fields (the stored shape of schemas/form.ts)', () => {
  const field = (o: Record<string, unknown>) => ({ id: 'f1', type: 'text', label: 'Notes', required: false, ...o });
  it('keeps a checkbox without options (a single yes/no box) and refuses a dropdown without any', () => {
    expect(judge(by(admin, form({ fields: [field({ type: 'checkbox', label: 'Terms' })] })), null, admin)).toBe('allow');
    expect(judge.reason(by(admin, form({ fields: [field({ type: 'select', options: [] })] })), null, admin)).toBe('fields[0] needs at least one option');
    expect(judge(by(admin, form({ fields: [field({ options: ['a'] })] })), null, admin)).toBe('forbidden');
    expect(judge(by(admin, form({ fields: [field({}), field({ id: 'f2' })] })), null, admin)).toBe('forbidden');
  });
});
