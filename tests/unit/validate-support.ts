// Shared by the validate-*.test.ts files: the roles of the brief, factory documents that are
// valid for both the Zod schemas and the validators, and a judge that runs every case twice:
// through the imported function and through the installed source evaluated in a bare context.
import vm from 'node:vm';
import { expect } from 'vitest';
import { securityFor, type UserCtx } from '../../design-docs/src/databases.ts';
import { designDocFor, validatorFor } from '../../design-docs/src/design-docs.ts';

export const visitor: UserCtx = { name: null, roles: [] };
export const member: UserCtx = { name: 'u1', roles: ['member'] };
export const other: UserCtx = { name: 'u2', roles: ['member'] };
/** A member who is `owner_id` of restaurant:r1. */
export const owner: UserCtx = { name: 'o1', roles: ['member'] };
export const admin: UserCtx = { name: 'a1', roles: ['member', 'admin'] };
export const server: UserCtx = { name: 'fete-server', roles: ['_admin'] };

export type Outcome = 'allow' | 'forbidden' | 'unauthorized' | 'crash';
type Doc = Record<string, unknown>;

function run(fn: (...a: unknown[]) => void, args: unknown[]): { outcome: Outcome; reason?: string } {
  try {
    fn(...args);
    return { outcome: 'allow' };
  } catch (e) {
    const err = e as { forbidden?: unknown; unauthorized?: unknown };
    if (typeof err?.forbidden === 'string') return { outcome: 'forbidden', reason: err.forbidden };
    if (typeof err?.unauthorized === 'string') return { outcome: 'unauthorized', reason: err.unauthorized };
    return { outcome: 'crash', reason: String(e) };
  }
}

export interface Judge {
  (newDoc: Doc, oldDoc: Doc | null, user: UserCtx): Outcome;
  reason(newDoc: Doc, oldDoc: Doc | null, user: UserCtx): string | undefined;
}

/** A judge for one database; it fails the test if the installed source and the import disagree. */
export function judgeFor(db: string): Judge {
  const direct = validatorFor(db) as (...a: unknown[]) => void;
  const installed = vm.runInNewContext(`(${designDocFor(db).validate_doc_update})`) as (...a: unknown[]) => void;
  const sec = securityFor(db);
  const both = (newDoc: Doc, oldDoc: Doc | null, user: UserCtx) => {
    // JSON round trips, as a database would hand the documents over, and so the function cannot keep them.
    const args = () => [JSON.parse(JSON.stringify(newDoc)), oldDoc && JSON.parse(JSON.stringify(oldDoc)), user, sec];
    const a = run(direct, args());
    const b = run(installed, args());
    expect(b).toEqual(a);
    return a;
  };
  const judge = ((n: Doc, o: Doc | null, u: UserCtx) => both(n, o, u).outcome) as Judge;
  judge.reason = (n, o, u) => both(n, o, u).reason;
  return judge;
}

export const NOW = '2025-02-01T10:00:00.000Z';

/**
 * A write as the data layer makes it for `user` (who changed what, ADR 030): the writer's id in
 * `updated_by` and the time in `updated_at` (or the document's own field: forms say `updatedat`).
 */
export function by(user: UserCtx, doc: Doc, at = doc.type === 'form' || doc.type === 'submission' ? 'updatedat' : 'updated_at'): Doc {
  return { ...doc, updated_by: user.name, [at]: NOW };
}

export function tombstone(doc: Doc): Doc {
  return { _id: doc._id, _rev: '2-b', _deleted: true };
}

// ---- catalog ----
export const event = (o: Doc = {}): Doc => ({
  _id: 'event:e1', type: 'event', title: 'Soca Sunrise', description: 'J’ouvert warm-up', location: 'Queen’s Park Savannah',
  state: 'Port of Spain', country: 'Trinidad', category: 'Party', date: '2025-03-01', end_date: null,
  start_time: '18:00', end_time: '23:00', price: 50, capacity: 200, image_url: 'soca.jpg',
  ticket_url: 'https://tickets.example/soca', fete_id_ticket_url: null, fete_ride_url: null,
  instagram_url: 'https://instagram.com/soca', organizer_id: 'u1', active: true, ...o,
});
export const band = (o: Doc = {}): Doc => ({
  _id: 'band:b1', type: 'band', name: 'Tribe', description: 'Mas band', year: 2025, state: 'Port of Spain',
  country: 'Trinidad', location: 'Savannah', start_date: '2025-03-03', end_date: '2025-03-04', image_url: null,
  website_url: 'https://tribe.example', instagram_url: null, registration_url: null, fete_id_registration_url: '',
  rating: 4.5, total_ratings: 2, active: true, ...o,
});
export const restaurant = (o: Doc = {}): Doc => ({
  _id: 'restaurant:r1', type: 'restaurant', name: 'Roti Shop', location: 'Ariapita Avenue', owner_id: 'o1',
  description: 'Doubles and roti', cuisine: 'Caribbean', price_range: '$$', opening_time: '11:00', closing_time: '22:00',
  latitude: 10.66, longitude: -61.52, country: 'Trinidad', state: 'Port of Spain', image_url: null,
  website_url: null, instagram_url: null, eat_now_url: null,
  menu_items: [{ id: 'm1', name: 'Buss up shut', description: null, price: 12.5, category: 'Mains', image_url: null, active: true }],
  photos: [{ id: 'p1', image_url: 'r1/1735725600000-0123456789ab.webp', active: true, order: 0 }],
  discounts: [{ id: 'd1', percentage: 10, description: 'Carnival week', terms_conditions: null, valid_from: '2025-02-01', valid_until: '2025-03-05', active: true }],
  active: true, ...o,
});
export const provider = (o: Doc = {}): Doc => ({
  _id: 'provider:f1', type: 'provider', first_name: 'Kez', last_name: 'Paint', avatar_url: null, bio: 'Glitter',
  services: ['Makeup', 'Glitter Art'], service_prices: { Makeup: 80 }, rating: 0, total_ratings: 0,
  location: 'Woodbrook', state: 'Port of Spain', country: 'Trinidad', instagram_url: null, booking_url: null,
  testimonials: [{ id: 't1', image_url: 't1.jpg', caption: 'J’ouvert', client_name: 'Ana', service: 'Makeup', order: 0, active: true }],
  active: true, ...o,
});
export const product = (o: Doc = {}): Doc => ({
  _id: 'product:m1', type: 'product', name: 'Feather backpiece', brand: 'Plumes', price: 120, description: null,
  category: 'Costumes', sizes: ['S', 'M'], colors: ['Gold'], in_stock: true, external_url: 'https://shop.example/p',
  image_url: null, active: true, created_at: NOW, ...o,
});
export const heroSlide = (o: Doc = {}): Doc => ({
  _id: 'hero_slide:h1', type: 'hero_slide', image_url: '/uploads/site/h1.webp', mobile_image_url: null,
  title: 'Carnival', subtitle: null, order: 0, active: true, ...o,
});
export const ad = (o: Doc = {}): Doc => ({
  _id: 'ad:ad1', type: 'ad', position: 'home-top', title: 'Rum', description: null, image_url: null,
  link_url: 'https://rum.example', start_date: '2025-01-01', end_date: '', order: 0, active: true, ...o,
});
export const partner = (o: Doc = {}): Doc => ({
  _id: 'partner:pa1', type: 'partner', name: 'Caribbean Air', logo_url: 'logo.png', website_url: null,
  order: 1, active: true, ...o,
});
export const featured = (o: Doc = {}): Doc => ({
  _id: 'featured:event:e1', type: 'featured', item_type: 'event', item_id: 'e1', order: 0, active: true, ...o,
});

// ---- members ----
export const profile = (o: Doc = {}): Doc => ({
  _id: 'profile:u1', type: 'profile', user_id: 'u1', first_name: 'Maya', last_name: 'Lee', avatar_url: null,
  territory: 'Trinidad and Tobago', locality: 'San Fernando', membership_type: 'gold',
  membership_expires_at: '2026-02-01T10:00:00.000Z', role: 'member', created_at: NOW, ...o,
});
export const attendance = (o: Doc = {}): Doc => ({
  _id: 'attendance:event:e1:u1', type: 'attendance', target_type: 'event', target_id: 'e1', user_id: 'u1',
  created_at: NOW, ...o,
});
export const rating = (o: Doc = {}): Doc => ({
  _id: 'rating:provider:f1:u1', type: 'rating', target_type: 'provider', target_id: 'f1', user_id: 'u1', rating: 4,
  comment: null, created_at: NOW, ...o,
});
export const pkg = (o: Doc = {}): Doc => ({
  _id: 'package:k1', type: 'package', title: 'Carnival Gold', subtitle: 'All inclusive', description: null,
  buttonlink: '/form/package/k1', bgcolor: 'from-purple-500 to-purple-700', textcolor: 'text-white', order: 1,
  active: true, ...o,
});
export const ride = (o: Doc = {}): Doc => ({
  ...pkg(), _id: 'ride:r9', type: 'ride', title: 'Airport shuttle', buttonlink: null,
  bgcolor: 'from-red-500 to-red-700', ...o,
});
export const form = (o: Doc = {}): Doc => ({
  _id: 'form:package:k1', type: 'form', id: '3f1c2a4e-9b7d-4c8e-a1f2-123456789abc', title: 'Book Carnival Gold',
  description: null, submitButtonText: 'Submit', active: true, formtype: 'package', targetid: 'k1', updatedat: NOW,
  fields: [
    { id: 'f1', type: 'text', label: 'Phone', placeholder: null, required: true },
    { id: 'f2', type: 'select', label: 'Size', required: false, options: ['S', 'M'] },
    { id: 'f3', type: 'checkbox', label: 'Extras', required: true, options: ['Lunch', 'Drinks'] },
  ],
  ...o,
});
export const eventDiscount = (o: Doc = {}): Doc => ({
  _id: 'event_discount:x1', type: 'event_discount', event_id: 'e1', code: 'FETE10', percentage: 10,
  description: 'Members save', valid_from: '2025-01-01', valid_until: '2025-03-01', active: true, ...o,
});

// ---- chat and userdb ----
export const chatMessage = (o: Doc = {}): Doc => ({
  _id: `message:${NOW}:a1b2c3`, type: 'message', content: 'Who playing mas Monday?', sender_id: 'u1',
  receiver_id: null, is_public: true, read: false, created_at: NOW, ...o,
});
export const privateMessage = (o: Doc = {}): Doc => ({
  ...chatMessage(), receiver_id: 'u2', is_public: false, content: 'Meet at the Savannah?', ...o,
});
export const like = (o: Doc = {}): Doc => ({
  _id: 'like:event:e1', type: 'like', item_type: 'event', item_id: 'e1', created_at: NOW, ...o,
});
export const settings = (o: Doc = {}): Doc => ({
  _id: 'settings:main', type: 'settings', receipts_checked_at: NOW, ...o,
});
export const submission = (o: Doc = {}): Doc => ({
  _id: 'submission:s1', type: 'submission', id: 's1', formid: '3f1c2a4e-9b7d-4c8e-a1f2-123456789abc', userid: 'u1',
  data: { Name: 'Maya Lee', Phone: '868-555-0100', Extras: ['Lunch'] }, createdat: NOW, status: 'pending',
  form: { title: 'Book Carnival Gold', formtype: 'package', targetid: 'k1' }, ...o,
});
export const receipt = (o: Doc = {}): Doc => ({
  _id: 'receipt:rc1', type: 'receipt', user_id: 'u1', receipt_number: 'REC-12345', receipt_date: '2025-02-01',
  status: 'pending', title: 'Carnival Gold deposit', description: null, payment_method: 'Credit Card',
  amount: 500, amount_paid: 200, balance_owed: 300, created_at: NOW, ...o,
});
export const notification = (o: Doc = {}): Doc => ({
  _id: 'notification:n1', type: 'notification', submission_id: 's1', form_title: 'Book Carnival Gold',
  formtype: 'package', status: 'processed',
  message: 'your form submission for Book Carnival Gold has been processed', seen: false, created_at: NOW, ...o,
});

export const block = (o: Doc = {}): Doc => ({
  _id: 'block:u2', type: 'block', user_id: 'u2', created_at: NOW, ...o,
});
export const report = (o: Doc = {}): Doc => ({
  _id: 'report:rp1', type: 'report', id: 'rp1', reporter_id: 'u1', message_id: `message:${NOW}:a1b2c3`,
  message_sender_id: 'u2', message_content: 'Buy cheap followers at spam.example', message_is_public: true,
  reason: 'Spam', details: null, created_at: NOW, ...o,
});

// ---- accounts ----
export const account = (o: Doc = {}): Doc => ({
  _id: 'account:u1', type: 'account', email: 'maya@example.com', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
  role: 'member', membership_type: 'gold', membership_expires_at: '2026-02-01T10:00:00.000Z', created_at: NOW, ...o,
});
export const emailDoc = (o: Doc = {}): Doc => ({
  _id: 'email:maya@example.com', type: 'email', user_id: 'u1', created_at: NOW, ...o,
});
export const refresh = (o: Doc = {}): Doc => ({
  _id: `refresh:${'ab'.repeat(32)}`, type: 'refresh', user_id: 'u1', family: 'fam1',
  expires_at: '2025-03-03T10:00:00.000Z', created_at: NOW, ...o,
});
export const reset = (o: Doc = {}): Doc => ({
  _id: `reset:${'cd'.repeat(32)}`, type: 'reset', user_id: 'u1', expires_at: '2025-02-01T11:00:00.000Z',
  created_at: NOW, ...o,
});
export const revocation = (o: Doc = {}): Doc => ({
  _id: 'revocation:u1', type: 'revocation', user_id: 'u1', revoked_at: Date.parse(NOW), ...o,
});
export const usage = (o: Doc = {}): Doc => ({
  _id: 'usage:u1', type: 'usage', user_id: 'u1', chat_times: [Date.parse(NOW)], chat_counts: [1], day: '2025-02-01', day_docs: 3, day_bytes: 900, updated_at: NOW, ...o,
});
export const received = (o: Doc = {}): Doc => ({
  _id: 'received:u1', type: 'received', user_id: 'u1', count: 3, bytes: 900, freed: ['message:2025-02-01T10:00:00.000Z:m1'], counted_at: NOW, updated_at: NOW, ...o,
});
export const pushDevices = (o: Doc = {}): Doc => ({
  _id: 'push:u1',
  type: 'push',
  user_id: 'u1',
  devices: [{ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'B'.repeat(87), auth: 'a'.repeat(22), expiration_time: null, created_at: NOW }],
  updated_at: NOW,
  ...o,
});
export const reminder = (o: Doc = {}): Doc => ({
  _id: 'reminder:2025-02-02:24h:event:e1:u1', type: 'reminder', kind: '24h', target_type: 'event', target_id: 'e1', user_id: 'u1', starts_at: '2025-02-02T12:00:00.000Z', created_at: NOW, claim_id: '0b6c1d5e-8a1f-4c2b-9f3e-2d4a6b8c0e1f', ...o,
});
export const uploadRecord = (o: Doc = {}): Doc => ({
  _id: 'upload:u1/1735725600000-0123456789ab.webp', type: 'upload', owner: 'u1', bucket: 'avatars', path: 'u1/1735725600000-0123456789ab.webp',
  bytes: 120_000, counted: true, created_at: NOW, refs: ['members/profile:u1'], pinned: false, seen_at: NOW, unreferenced_at: null,
  check_after: '2025-02-02T10:00:00.000Z', ...o,
});
export const uploadUsage = (o: Doc = {}): Doc => ({
  _id: 'upload_usage:u1', type: 'upload_usage', user_id: 'u1', bytes: 120_000, returned: [], updated_at: NOW, ...o,
});
export const lease = (o: Doc = {}): Doc => ({
  _id: 'lease:demo-seed', type: 'lease', holder: 'server-a', expires_at: '2025-02-01T11:00:00.000Z', ...o,
});
