import { describe, expect, it } from 'vitest';
import { DELETED_ID_REASON } from '../../design-docs/src/constants.ts';
import {
  NOW, ad, admin, band, by, event, featured, heroSlide, judgeFor, member, other, owner, partner, product, provider, restaurant,
  server, tombstone, visitor,
} from './validate-support.ts';

const judge = judgeFor('catalog');
const all = [event(), band(), restaurant(), provider(), product(), heroSlide(), ad(), partner(), featured()];

describe('catalog: visitors', () => {
  it.each(all.map((d) => [d.type, d]))('refuses a visitor creating a %s', (_t, doc) => {
    expect(judge(doc, null, visitor)).toBe('unauthorized');
  });
  it('refuses a visitor updating or deleting', () => {
    expect(judge(event({ title: 'x' }), event(), visitor)).toBe('unauthorized');
    expect(judge(tombstone(event()), event(), visitor)).toBe('unauthorized');
    expect(judge(tombstone(event()), null, visitor)).toBe('unauthorized');
  });
});

describe('catalog: admins and the server', () => {
  it.each(all.map((d) => [d.type, d]))('lets an admin and the server create, update and delete a %s', (_t, doc) => {
    for (const who of [admin, server]) {
      expect(judge(by(who, doc), null, who)).toBe('allow');
      expect(judge(by(who, { ...doc, _rev: '2-a', active: false }), doc, who)).toBe('allow');
      expect(judge(tombstone(doc), doc, who)).toBe('allow');
    }
  });

  it('refuses malformed documents even from the server', () => {
    for (const who of [admin, server]) {
      expect(judge(event({ _id: 'band:e1' }), null, who)).toBe('forbidden');
      expect(judge(event({ _id: 'event:' }), null, who)).toBe('forbidden');
      expect(judge(event({ _id: 'event:has space' }), null, who)).toBe('forbidden');
      expect(judge(event({ type: 'party', _id: 'party:1' }), null, who)).toBe('forbidden');
      expect(judge(event({ title: '  ' }), null, who)).toBe('forbidden');
      expect(judge(event({ date: '01/03/2025' }), null, who)).toBe('forbidden');
      expect(judge(event({ start_time: '25:00' }), null, who)).toBe('forbidden');
      expect(judge(event({ price: '50' }), null, who)).toBe('forbidden');
      expect(judge(event({ price: -1 }), null, who)).toBe('forbidden');
      expect(judge(event({ capacity: 1.5 }), null, who)).toBe('forbidden');
      expect(judge(event({ active: 'yes' }), null, who)).toBe('forbidden');
      expect(judge(band({ name: '' }), null, who)).toBe('forbidden');
      expect(judge(restaurant({ menu_items: [{ id: 'm1', name: 'Roti', price: 'ten' }] }), null, who)).toBe('forbidden');
      expect(judge(restaurant({ photos: 'p1' }), null, who)).toBe('forbidden');
      expect(judge(provider({ testimonials: [{ id: 't1' }] }), null, who)).toBe('forbidden');
      expect(judge(product({ price: -3 }), null, who)).toBe('forbidden');
      expect(judge(featured({ item_id: 'e2' }), null, who)).toBe('forbidden');
      expect(judge(featured({ item_type: 'product', _id: 'featured:product:e1' }), null, who)).toBe('forbidden');
      expect(judge(featured({ order: 1.5 }), null, who)).toBe('forbidden');
      expect(judge({ _id: 'like:event:e1', type: 'like', item_type: 'event', item_id: 'e1' }, null, who)).toBe(
        'forbidden',
      );
    }
  });

  it('refuses links with a scheme other than http(s), at any depth', () => {
    expect(judge(event({ ticket_url: 'javascript:alert(1)' }), null, admin)).toBe('forbidden');
    expect(judge(event({ ticket_url: ' JaVa\tscript:alert(1)' }), null, server)).toBe('forbidden');
    expect(judge(event({ image_url: 'data:text/html,<b>x</b>' }), null, admin)).toBe('forbidden');
    expect(judge(band({ website_url: 42 }), null, admin)).toBe('forbidden');
    const badMenu = { id: 'm1', name: 'Roti', price: 1, image_url: 'javascript:x' };
    expect(judge(restaurant({ menu_items: [badMenu] }), null, admin)).toBe('forbidden');
    expect(judge(by(admin, event({ image_url: 'events/soca.jpg', ticket_url: 'HTTPS://x.example' })), null, admin)).toBe('allow');
  });

  it('lets only the server write design documents', () => {
    const ddoc = { _id: '_design/fete', validate_doc_update: 'function(){}' };
    expect(judge(ddoc, null, server)).toBe('allow');
    expect(judge(ddoc, null, admin)).toBe('forbidden');
    expect(judge(ddoc, null, visitor)).toBe('unauthorized');
  });
});

describe('catalog: members creating events', () => {
  it('lets a member create an active event organised by themself', () => {
    expect(judge(event({ organizer_id: 'u1' }), null, member)).toBe('allow');
    expect(judge(event({ organizer_id: 'u2', _id: 'event:e2' }), null, other)).toBe('allow');
  });

  it('refuses a member\'s write over a deleted revision: it would bring the deleted id back (ADR 054)', () => {
    const dead = { ...tombstone(event()), _deleted: true };
    for (const who of [member, other, owner]) {
      expect(judge(event({ organizer_id: who.name }), dead, who)).toBe('forbidden');
      expect(judge.reason(event({ organizer_id: who.name }), dead, who)).toBe(DELETED_ID_REASON);
    }
    expect(judge(by(admin, event()), dead, admin)).toBe('allow');
    expect(judge(event(), dead, server)).toBe('allow');
    // Deleting it again revives nothing; that answer is the deletion rule's own.
    expect(judge.reason(tombstone(event()), dead, member)).toBe('There is nothing to delete: this document is not stored here');
  });

  it('refuses an event organised by someone else, or not active', () => {
    expect(judge(event({ organizer_id: 'u2' }), null, member)).toBe('forbidden');
    expect(judge(event({ organizer_id: null }), null, member)).toBe('forbidden');
    expect(judge(event({ active: false }), null, member)).toBe('forbidden');
    const { active: _a, ...noActive } = event();
    expect(judge(noActive, null, member)).toBe('forbidden');
    expect(judge.reason(event({ organizer_id: 'u2' }), null, member)).toMatch(/organizer_id/);
  });

  it('refuses a member updating or deleting an event they do not organise', () => {
    expect(judge(by(other, event({ title: 'New title' })), event(), other)).toBe('forbidden');
    expect(judge(tombstone(event()), event(), other)).toBe('forbidden');
    const loaded = event({ organizer_id: null });
    expect(judge(by(member, { ...loaded, title: 'Mine now' }), loaded, member)).toBe('forbidden');
    expect(judge(tombstone(loaded), loaded, member)).toBe('forbidden');
    expect(judge.reason(by(other, event({ title: 'x' })), event(), other)).toMatch(/organiser/);
  });

  it('refuses a member creating any other catalogue item', () => {
    for (const doc of all.filter((d) => d.type !== 'event')) expect(judge(doc, null, member)).toBe('forbidden');
  });

  it('refuses a signed-in user without the member role', () => {
    expect(judge(event(), null, { name: 'u1', roles: [] })).toBe('forbidden');
  });

  it('refuses a tombstone of anything it does not hold, bare or with a body, from anyone but the server', () => {
    for (const who of [member, admin]) {
      expect(judge(tombstone(event()), null, who)).toBe('forbidden');
      expect(judge({ ...event(), _deleted: true }, null, who)).toBe('forbidden');
      expect(judge({ _id: '~junk-1', _deleted: true }, null, who)).toBe('forbidden');
      // Already deleted: nothing left to delete.
      expect(judge(tombstone(event()), { ...event(), _deleted: true }, who)).toBe('forbidden');
    }
    expect(judge(tombstone(event()), null, server)).toBe('allow');
  });
});

describe('catalog: organisers editing and deleting their own events', () => {
  const mine = event({ created_at: NOW });

  it('lets the organiser edit the details, stamped with themself and the time', () => {
    const edited = by(member, { ...mine, _rev: '2-a', title: 'Soca Sunset', description: 'Moved to evening', price: 60, image_url: 'events/new.jpg' });
    expect(judge(edited, mine, member)).toBe('allow');
    expect(judge(by(member, { ...mine, ticket_url: null, capacity: null }), mine, member)).toBe('allow');
  });

  it('refuses an organiser edit without its stamp, or stamped as someone else', () => {
    expect(judge({ ...mine, title: 'Soca Sunset' }, mine, member)).toBe('forbidden');
    expect(judge({ ...by(member, { ...mine, title: 'x' }), updated_at: 'yesterday' }, mine, member)).toBe('forbidden');
    expect(judge({ ...by(member, { ...mine, title: 'x' }), updated_by: 'u2' }, mine, member)).toBe('forbidden');
  });

  it.each([
    ['organizer_id', 'u2'],
    ['organizer_id', null],
    ['created_at', '2025-03-01T00:00:00.000Z'],
    ['active', false],
  ])('refuses the organiser changing %s to %s', (field, value) => {
    const changed = by(member, { ...mine, [field]: value });
    expect(judge(changed, mine, member)).toBe('forbidden');
    expect(judge.reason(changed, mine, member)).toBe(`An organiser cannot change ${field}`);
  });

  it('refuses an organiser edit that breaks the shape', () => {
    expect(judge(by(member, { ...mine, title: ' ' }), mine, member)).toBe('forbidden');
    expect(judge(by(member, { ...mine, price: -5 }), mine, member)).toBe('forbidden');
    expect(judge(by(member, { ...mine, ticket_url: 'javascript:alert(1)' }), mine, member)).toBe('forbidden');
  });

  it('lets the organiser delete their own event, and nobody else but admins', () => {
    expect(judge(tombstone(mine), mine, member)).toBe('allow');
    expect(judge(tombstone(mine), mine, other)).toBe('forbidden');
    expect(judge(tombstone(mine), mine, owner)).toBe('forbidden');
    expect(judge(tombstone(mine), mine, admin)).toBe('allow');
    expect(judge(tombstone(mine), mine, visitor)).toBe('unauthorized');
    // The stored document decides: a tombstone cannot claim to be the organiser's.
    expect(judge({ ...mine, _deleted: true }, event({ organizer_id: 'u2' }), member)).toBe('forbidden');
  });

  it('keeps a signed-in user without the member role out, even as organizer_id', () => {
    const roleless = { name: 'u1', roles: [] };
    expect(judge(by(roleless, { ...mine, title: 'x' }), mine, roleless)).toBe('forbidden');
    expect(judge(tombstone(mine), mine, roleless)).toBe('forbidden');
  });

  it('lets an admin still change anything of a member event', () => {
    expect(judge(by(admin, { ...mine, organizer_id: 'u2', active: false }), mine, admin)).toBe('allow');
  });
});

describe('catalog: restaurant owners', () => {
  const r = restaurant();

  it('lets the owner edit details, menu items, photos and discounts', () => {
    expect(judge(by(owner, { ...r, name: 'Roti Palace', description: 'Now with doubles' }), r, owner)).toBe('allow');
    expect(judge(by(owner, { ...r, menu_items: [], discounts: [] }), r, owner)).toBe('allow');
    const added = { id: 'm2', name: 'Doubles', price: 2, active: true };
    expect(judge(by(owner, { ...r, menu_items: [...(r.menu_items as object[]), added] }), r, owner)).toBe('allow');
  });

  it.each([
    ['owner_id', 'u1'],
    ['active', false],
    ['rating', 5],
    ['total_ratings', 9],
  ])('refuses the owner changing %s', (field, value) => {
    expect(judge({ ...r, [field]: value }, r, owner)).toBe('forbidden');
  });

  it('refuses the owner creating or deleting a restaurant', () => {
    expect(judge(restaurant({ _id: 'restaurant:r2' }), null, owner)).toBe('forbidden');
    expect(judge(tombstone(r), r, owner)).toBe('forbidden');
  });

  it('refuses other members editing it, and the owner editing another', () => {
    expect(judge({ ...r, name: 'Mine now' }, r, member)).toBe('forbidden');
    const r2 = restaurant({ _id: 'restaurant:r2', owner_id: 'u2' });
    expect(judge({ ...r2, name: 'x' }, r2, owner)).toBe('forbidden');
    expect(judge(by(other, { ...r2, name: 'x' }), r2, other)).toBe('allow');
  });

  it('refuses an owner write that breaks the shape', () => {
    expect(judge({ ...r, location: '' }, r, owner)).toBe('forbidden');
    expect(judge({ ...r, website_url: 'javascript:alert(1)' }, r, owner)).toBe('forbidden');
  });

  it('lets an admin change the locked fields', () => {
    expect(judge(by(admin, { ...r, owner_id: 'u1', active: false }), r, admin)).toBe('allow');
  });
});
