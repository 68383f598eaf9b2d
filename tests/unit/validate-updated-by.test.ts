// Who changed what (ADR 030): every admin write names the admin in `updated_by` and carries the
// time; the server's own writes (workers, seeds, aggregates) are exempt; deletions are stubs.
import { describe, expect, it } from 'vitest';
import {
  NOW, ad, admin, band, by, event, eventDiscount, featured, form, heroSlide, judgeFor, other, owner, partner, pkg, product,
  provider, receipt, restaurant, ride, server, submission, tombstone,
} from './validate-support.ts';

type Doc = Record<string, unknown>;

const cases: Array<[string, string, Doc]> = [
  ...[event(), band(), restaurant(), provider(), product(), heroSlide(), ad(), partner(), featured()].map(
    (d): [string, string, Doc] => ['catalog', d.type as string, d],
  ),
  ...[pkg(), ride(), form(), eventDiscount()].map((d): [string, string, Doc] => ['members', d.type as string, d]),
  ['receipts', 'receipt', receipt()],
];

/** A change of some field the type has (receipts have no `active`: an unknown field is refused). */
const changed = (doc: Doc): Doc => (doc.type === 'receipt' ? { title: 'Changed' } : { active: false });

/** The time field each type carries: forms keep the spec's `updatedat`. */
const timeField = (doc: Doc) => (doc.type === 'form' ? 'updatedat' : 'updated_at');

describe.each(cases)('%s: an admin writing a %s', (db, _type, doc) => {
  const judge = judgeFor(db);
  const at = timeField(doc);
  const { updated_by: _b, ...bare } = by(admin, doc);

  it('is refused without updated_by, on create and on update', () => {
    expect(judge(bare, null, admin)).toBe('forbidden');
    expect(judge.reason(bare, null, admin)).toBe("An admin's change must carry updated_by (your user id)");
    expect(judge({ ...bare, _rev: '2-a', ...changed(doc) }, doc, admin)).toBe('forbidden');
  });

  it("is refused with someone else's id", () => {
    expect(judge(by(other, doc), null, admin)).toBe('forbidden');
    expect(judge.reason(by(other, doc), null, admin)).toBe('updated_by must be your own user id');
  });

  it(`is refused without a valid ${at}`, () => {
    const { [at]: _t, ...noTime } = by(admin, doc);
    // A form's updatedat is required of every writer, so its shape check speaks first.
    expect(judge.reason(noTime, null, admin)).toMatch(new RegExp(`^(An admin's change must carry ${at} \\(an ISO 8601 date-time\\)|${at} is required)$`));
    expect(judge({ ...by(admin, doc), [at]: 'yesterday' }, null, admin)).toBe('forbidden');
  });

  it('is allowed naming the admin, on create and on update', () => {
    expect(judge(by(admin, doc), null, admin)).toBe('allow');
    expect(judge(by(admin, { ...doc, _rev: '2-a', ...changed(doc) }), doc, admin)).toBe('allow');
  });

  it('is a deletion: a stub needs neither field', () => {
    expect(judge(tombstone(doc), doc, admin)).toBe('allow');
  });

  it("is the server's own write: exempt", () => {
    const { updated_by: _s, updated_at: _u, ...unstamped } = doc;
    expect(judge(unstamped, null, server)).toBe('allow');
    expect(judge({ ...unstamped, ...changed(doc) }, doc, server)).toBe('allow');
  });
});

describe('catalog: a restaurant owner editing their restaurant', () => {
  const judge = judgeFor('catalog');
  const r = restaurant();

  it('names the owner too', () => {
    expect(judge({ ...r, name: 'Roti Palace', updated_at: NOW }, r, owner)).toBe('forbidden');
    expect(judge(by(admin, { ...r, name: 'Roti Palace' }), r, owner)).toBe('forbidden');
    expect(judge(by(owner, { ...r, name: 'Roti Palace' }), r, owner)).toBe('allow');
  });

  it('leaves a member creating their own event unstamped', () => {
    expect(judge(event({ organizer_id: 'u2', _id: 'event:e2' }), null, other)).toBe('allow');
  });
});

describe('submissions: an admin moving a status', () => {
  const judge = judgeFor('submissions');
  const s = submission();

  it('must name the admin and the time (updatedat)', () => {
    expect(judge({ ...s, status: 'completed' }, s, admin)).toBe('forbidden');
    expect(judge(by(other, { ...s, status: 'completed' }), s, admin)).toBe('forbidden');
    expect(judge({ ...s, status: 'completed', updated_by: 'a1' }, s, admin)).toBe('forbidden');
    expect(judge(by(admin, { ...s, status: 'completed' }), s, admin)).toBe('allow');
  });

  it('still changes nothing else', () => {
    expect(judge(by(admin, { ...s, status: 'completed', userid: 'u2' }), s, admin)).toBe('forbidden');
  });

  it("leaves the server's copy-in and status writes unstamped", () => {
    expect(judge(s, null, server)).toBe('allow');
    expect(judge({ ...s, status: 'completed', updatedat: NOW }, s, server)).toBe('allow');
  });
});
