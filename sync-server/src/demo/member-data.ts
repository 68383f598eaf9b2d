// The member side of the demo: packages, rides and their forms, discounts, attendance and
// ratings, chat, and what the demo member sees on their dashboard (likes, receipts, forms).
import { docId, idOf } from '../../../design-docs/src/ids.ts';
import { notificationText } from '../../../design-docs/src/schemas/notification.ts';
import type { DocOf } from '../../../design-docs/src/schemas/doc-schemas.ts';
import type { Fixtures } from '../../../tests/fixtures/index.ts';
import type { DemoCatalog } from './catalog-data.ts';
import type { DemoUsers } from './users.ts';

export function buildMemberData(f: Fixtures, catalog: DemoCatalog, users: DemoUsers) {
  const packages = Array.from({ length: 5 }, () => f.makePackage());
  const rides = Array.from({ length: 4 }, () => f.makeRide());
  const packageForm = f.makeForm({ formtype: 'package', targetid: idOf(packages[0]!._id) });
  const rideForm = f.makeForm({ formtype: 'ride', targetid: idOf(rides[0]!._id) });
  packages[0]!.buttonlink = `/form/package/${packageForm.targetid}`;
  rides[0]!.buttonlink = `/form/ride/${rideForm.targetid}`;
  // One card links out, to show the "opens a new tab" path.
  packages[4]!.buttonlink = 'https://travel.example.com/miami-carnival';

  const today = f.context.baseDate;
  const upcoming = catalog.events.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const eventDiscounts = upcoming.filter((e) => (e.price ?? 0) > 0).slice(0, 6).map((event) => f.makeEventDiscount({ event }));

  const people = [users.member, ...users.community];
  const attendance = [
    ...upcoming.slice(0, 3).map((e) => f.makeAttendance({ target_type: 'event', target_id: idOf(e._id), user_id: users.member })),
    f.makeAttendance({ target_type: 'band', target_id: idOf(catalog.bands[0]!._id), user_id: users.member }),
    ...users.community.flatMap((user_id, i) => [
      f.makeAttendance({ target_type: 'event', target_id: idOf(upcoming[i % 5]!._id), user_id }),
      f.makeAttendance({ target_type: 'band', target_id: idOf(catalog.bands[i % 4]!._id), user_id }),
    ]),
  ];

  // Each provider and the first bands get a few ratings, folded into the catalogue docs below
  // exactly as the ratings worker would.
  const ratings = [
    ...catalog.providers.flatMap((p, i) => people.slice(0, 2 + (i % 5)).map((user_id) => f.makeRating({ target_type: 'provider', target_id: idOf(p._id), user_id }))),
    ...catalog.bands.slice(0, 8).flatMap((b, i) => people.slice(0, 1 + (i % 4)).map((user_id) => f.makeRating({ target_type: 'band', target_id: idOf(b._id), user_id }))),
  ];
  foldRatings(catalog, ratings);

  const chat = people.slice(1).concat(users.member, users.admin).map((sender_id) => f.makeMessage({ sender_id }));

  return { packages, rides, forms: [packageForm, rideForm], eventDiscounts, attendance, ratings, chat, ...memberDashboard(f, catalog, users, packageForm, rideForm) };
}

function foldRatings(catalog: DemoCatalog, ratings: DocOf<'rating'>[]): void {
  for (const doc of [...catalog.providers, ...catalog.bands]) {
    const mine = ratings.filter((r) => r.target_type === doc.type && r.target_id === idOf(doc._id));
    doc.total_ratings = mine.length;
    // Two decimals, as the ratings worker rounds, so its first pass finds nothing to change.
    doc.rating = mine.length ? Math.round((mine.reduce((s, r) => s + r.rating, 0) / mine.length) * 100) / 100 : 0;
  }
}

/** Likes, receipts, submissions, a notification and private messages for the demo member. */
function memberDashboard(f: Fixtures, catalog: DemoCatalog, users: DemoUsers, packageForm: DocOf<'form'>, rideForm: DocOf<'form'>) {
  const member = users.member;
  const name = 'Aaliyah Charles';
  const likes = [
    f.makeLike({ item_type: 'event', item_id: idOf(catalog.events[0]!._id) }),
    f.makeLike({ item_type: 'event', item_id: idOf(catalog.events[3]!._id) }),
    f.makeLike({ item_type: 'restaurant', item_id: idOf(catalog.restaurants[1]!._id) }),
    f.makeLike({ item_type: 'provider', item_id: idOf(catalog.providers[0]!._id) }),
    f.makeLike({ item_type: 'band', item_id: idOf(catalog.bands[0]!._id) }),
  ];
  const receipts = [
    f.makeReceipt({ user_id: member, title: 'Trinidad Carnival All-Inclusive', description: 'Tribe frontline costume and 7 nights in Woodbrook.', amount: 2450, amount_paid: 2450, payment_method: 'Credit Card' }),
    f.makeReceipt({ user_id: member, title: "J'ouvert Shuttle", description: 'Round trip, Carnival Monday.', amount: 120, amount_paid: 60, payment_method: 'PayPal' }),
  ];
  const pending = f.makeSubmission({ formDoc: packageForm, userid: member, name, status: 'pending' });
  const processed = f.makeSubmission({ formDoc: rideForm, userid: member, name, status: 'processed', updatedat: f.context.at(-1) });
  const notification: DocOf<'notification'> = {
    _id: docId('notification', processed.id),
    type: 'notification',
    submission_id: processed.id,
    form_title: rideForm.title,
    formtype: rideForm.formtype,
    targetid: rideForm.targetid,
    status: 'processed',
    message: notificationText(rideForm.title, 'processed'),
    seen: false,
    created_at: f.context.at(-1),
  };
  const privateMessages = [
    f.makeMessage({ sender_id: users.admin, receiver_id: member, content: 'Welcome to Fete! Your Carnival package request is in, we will be in touch soon.' }),
    f.makeMessage({ sender_id: users.community[0]!, receiver_id: member, content: 'You playing with Tribe this year? Let we link up on the road!' }),
    f.makeMessage({ sender_id: member, receiver_id: users.community[0]!, content: 'Yes! Frontline, section 4. See you Monday 🎉', read: true }),
  ];
  return { likes, receipts, submissions: [pending, processed], notification, privateMessages };
}

export type DemoMemberData = ReturnType<typeof buildMemberData>;
