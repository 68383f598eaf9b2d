// ADR 054: a "when this was written" stamp is never ahead of the server's clock by more than
// FIELD_LIMITS.stampAheadMs. Every stamp of every document type, at any depth, is judged by the
// Zod schema and by the installed validator alike: a minute ahead is a drifting phone and is
// accepted, a day ahead is refused. Members' own writes are refused with a reason that says what
// to check. Times meant to lie ahead (an event's date, an expiry, a reminder's start) stay free.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../design-docs/src/field-limits.js';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import { STAMP_AHEAD_MESSAGE, isNotAhead } from '../../design-docs/src/schemas/common.ts';
import { messageId } from '../../design-docs/src/ids.ts';
import type { ShapeNode } from '../../design-docs/src/shapes.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { BASES, shapeOf } from '../support/contract-arbitraries.ts';
import * as F from './validate-support.ts';

type Doc = Record<string, unknown>;
type Path = Array<string | number>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The paths of every stamp in a shape; lists are entered at their first entry. */
function stampPaths(node: ShapeNode, at: Path = []): Path[] {
  switch (node.t) {
    case 's':
      return node.c?.includes('stamp') ? [at] : [];
    case 'u':
      return node.of.flatMap((n) => stampPaths(n, at));
    case 'a':
      return stampPaths(node.of, [...at, 0]);
    case 'o':
      return Object.entries(node.p).flatMap(([k, n]) => stampPaths(n, [...at, k]));
    default:
      return [];
  }
}

/** The document with `value` at `path`, or null when the base has no entry there. */
function withValue(doc: Doc, path: Path, value: string): Doc | null {
  const out = structuredClone(doc);
  let here: Record<string | number, unknown> = out;
  for (const key of path.slice(0, -1)) {
    const next = here[key];
    if (next === null || typeof next !== 'object') return null;
    here = next as Record<string | number, unknown>;
  }
  here[path.at(-1) as string | number] = value;
  // A message's id is made of its stamp.
  if (out.type === 'message' && path.length === 1 && path[0] === 'created_at') out._id = messageId(value, 'r1');
  return out;
}

const cases = BASES.flatMap(({ kind, db, doc }) => {
  const { node } = shapeOf(kind, doc.type as string);
  return stampPaths(node).map((path) => ({ name: `${doc.type as string}.${path.join('.')} in ${kind}`, db, doc, path }));
});

describe('every stamp of every document type', () => {
  it('covers the stamps members write and the server\'s', () => {
    const names = new Set(cases.map((c) => c.name.replace(/ in .*/, '')));
    for (const stamp of [
      'message.created_at', 'submission.createdat', 'submission.updatedat', 'submission.refused_at', 'report.created_at',
      'like.created_at', 'block.created_at', 'settings.receipts_checked_at', 'settings.updated_at', 'attendance.created_at',
      'rating.created_at', 'rating.updated_at', 'event.created_at', 'event.updated_at', 'form.updatedat', 'form.createdat',
      'receipt.created_at', 'notification.created_at', 'profile.created_at', 'push.devices.0.created_at', 'account.created_at',
    ]) expect(names, stamp).toContain(stamp);
  });

  it('leaves times meant to lie ahead alone', () => {
    const names = new Set(cases.map((c) => c.name.replace(/ in .*/, '')));
    for (const free of ['event.date', 'reminder.starts_at', 'refresh.expires_at', 'reset.expires_at', 'lease.expires_at', 'profile.membership_expires_at', 'restaurant.discounts.0.valid_until', 'ad.end_date']) {
      expect(names, free).not.toContain(free);
    }
  });

  it('names every field that reads like a stamp', () => {
    const stampLike = /(^|_)(created|updated|sent|refused|checked|used|rotated|revoked|changed)_?at$|^(createdat|updatedat|timestamp)$/;
    for (const { kind, doc } of BASES) {
      const { node } = shapeOf(kind, doc.type as string);
      for (const [name, field] of Object.entries(node.p)) {
        const inner = field.t === 'u' ? field.of[0] : field;
        if (!stampLike.test(name) || inner?.t !== 's') continue;
        expect(inner.c ?? [], `${doc.type as string}.${name}`).toContain('stamp');
      }
    }
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: a minute ahead is accepted, a day ahead is refused', (_name, { db, doc, path }) => {
    const judge = F.judgeFor(db);
    const soon = withValue(doc, path, ahead(MINUTE));
    const tomorrow = withValue(doc, path, ahead(DAY));
    const far = withValue(doc, path, '2099-01-01T00:00:00.000Z');
    expect(soon).not.toBeNull();
    const zodSoon = parseDoc(soon);
    expect(zodSoon.success ? null : zodSoon.error).toBeNull();
    expect(judge.reason(soon as Doc, null, F.server) ?? null).toBeNull();
    expect(parseDoc(tomorrow)).toEqual({ success: false, error: STAMP_AHEAD_MESSAGE });
    expect(judge.reason(tomorrow as Doc, null, F.server)).toMatch(new RegExp(`^${path.join('.').replace(/\.(\d+)/g, '\\[$1\\]')} must be no more than 10 minutes ahead of the server's clock`));
    expect(judge(far as Doc, null, F.server)).toBe('forbidden');
  });
});

describe('the bound', () => {
  it('is ten minutes, with time zones and fractions read as written', () => {
    expect(FIELD_LIMITS.stampAheadMs).toBe(10 * MINUTE);
    expect(isNotAhead(ahead(9 * MINUTE))).toBe(true);
    expect(isNotAhead(ahead(11 * MINUTE))).toBe(false);
    // The same instant in another zone: 11 minutes ahead, written as local time four hours behind UTC.
    const at = new Date(Date.now() + 11 * MINUTE - 4 * 60 * MINUTE).toISOString().slice(0, 19);
    expect(isNotAhead(`${at}.5-04:00`)).toBe(false);
    expect(isNotAhead(`${at}+00:00`)).toBe(true);
    expect(isNotAhead('2020-01-01T00:00:00Z')).toBe(true);
  });
});

describe('members\' own writes dated ahead', () => {
  const userdb = F.judgeFor(userDbName('u1'));
  const tomorrow = ahead(DAY);
  const soon = ahead(MINUTE);

  it('a Public Chat message', () => {
    const chat = F.judgeFor('chat');
    expect(chat(F.chatMessage({ _id: messageId(soon, 'r1'), created_at: soon }), null, F.member)).toBe('allow');
    expect(chat.reason(F.chatMessage({ _id: messageId(tomorrow, 'r1'), created_at: tomorrow }), null, F.member)).toMatch(/^created_at must be no more than 10 minutes ahead of the server's clock \(check this device's date and time\)$/);
    expect(chat(F.chatMessage({ _id: messageId('2099-01-01T00:00:00.000Z', 'r1'), created_at: '2099-01-01T00:00:00.000Z' }), null, F.member)).toBe('forbidden');
  });

  it('a private message, a submission, a report, a like, a block and settings in their own database', () => {
    expect(userdb(F.privateMessage({ _id: messageId(soon, 'r1'), created_at: soon }), null, F.member)).toBe('allow');
    expect(userdb(F.privateMessage({ _id: messageId(tomorrow, 'r1'), created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(userdb(F.submission({ createdat: soon }), null, F.member)).toBe('allow');
    expect(userdb(F.submission({ createdat: tomorrow }), null, F.member)).toBe('forbidden');
    expect(userdb(F.report({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(userdb(F.like({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(userdb(F.block({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(userdb(F.settings({ receipts_checked_at: tomorrow }), null, F.member)).toBe('forbidden');
  });

  it('an event, attendance and a rating', () => {
    const catalog = F.judgeFor('catalog');
    const members = F.judgeFor('members');
    expect(catalog(F.event({ created_at: soon }), null, F.member)).toBe('allow');
    expect(catalog(F.event({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(members(F.attendance({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
    expect(members(F.rating({ created_at: tomorrow }), null, F.member)).toBe('forbidden');
  });
});
