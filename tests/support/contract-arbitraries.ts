// Documents generated from the contract itself (ADR 036): for every document type, valid ones
// (a valid base with its free fields drawn from the type's shape) and invalid ones (a valid one
// with one thing broken: an unknown field, a missing required one, a wrong type, a value out of
// range or format, a list too long). Shared by the unit property tests and the server sample.
import fc from 'fast-check';
import { FIELD_LIMITS } from '../../design-docs/src/field-limits.js';
import { DATABASE_TYPES, shapesFor } from '../../design-docs/src/design-docs.ts';
import type { ShapeNode, Shapes } from '../../design-docs/src/shapes.ts';
import { userDbName, type DatabaseKind } from '../../design-docs/src/databases.ts';
import * as F from '../unit/validate-support.ts';

type Doc = Record<string, unknown>;

/** One valid document of each type, and the database (kind) it is written to. */
export const BASES: Array<{ kind: DatabaseKind; db: string; doc: Doc }> = [
  ...[F.event(), F.band(), F.restaurant(), F.provider(), F.product(), F.heroSlide(), F.ad(), F.partner(), F.featured()].map((doc) => ({ kind: 'catalog' as const, db: 'catalog', doc })),
  ...[F.profile(), F.attendance(), F.rating(), F.pkg(), F.ride(), F.form(), F.eventDiscount()].map((doc) => ({ kind: 'members' as const, db: 'members', doc })),
  { kind: 'chat', db: 'chat', doc: F.chatMessage() },
  ...[F.like(), F.settings(), F.submission(), F.privateMessage(), F.receipt(), F.notification(), F.block(), F.report()].map((doc) => ({ kind: 'userdb' as const, db: userDbName('u1'), doc })),
  { kind: 'submissions', db: 'submissions', doc: F.submission() },
  { kind: 'receipts', db: 'receipts', doc: F.receipt() },
  { kind: 'reports', db: 'reports', doc: F.report() },
  ...[F.account(), F.emailDoc(), F.refresh(), F.reset(), F.revocation(), F.lease(), F.usage(), F.received(), F.pushDevices(), F.reminder(), F.uploadRecord(), F.uploadUsage()].map((doc) => ({ kind: 'accounts' as const, db: 'accounts', doc })),
];

/**
 * Fields that rules read together with others (ids made of fields, the owner of a userdb, a
 * receipt's balance, a form's labels): they keep the base's values, so a generated document
 * breaks the shape only where the generator says.
 */
const PINNED: Record<string, readonly string[]> = {
  featured: ['item_type', 'item_id'],
  profile: ['user_id'],
  attendance: ['target_type', 'target_id', 'user_id'],
  rating: ['target_type', 'target_id', 'user_id'],
  form: ['formtype', 'targetid', 'fields'],
  message: ['created_at', 'is_public', 'receiver_id', 'sender_id'],
  like: ['item_type', 'item_id'],
  submission: ['id', 'userid'],
  receipt: ['amount', 'amount_paid', 'balance_owed', 'user_id'],
  block: ['user_id'],
  report: ['id', 'reporter_id', 'message_sender_id'],
  revocation: ['user_id', 'session'],
  usage: ['user_id', 'chat_times', 'chat_counts'],
  received: ['user_id'],
  push: ['user_id'],
  reminder: ['kind', 'target_type', 'target_id', 'user_id', 'starts_at'],
  upload: ['owner', 'path'],
  upload_usage: ['user_id'],
};
const ALWAYS_PINNED = ['_id', '_rev', 'type'];

export function freeFields(type: string, node: Extract<ShapeNode, { t: 'o' }>): string[] {
  const pinned = [...ALWAYS_PINNED, ...(PINNED[type] ?? [])];
  return Object.keys(node.p).filter((k) => !pinned.includes(k));
}

export function shapeOf(kind: DatabaseKind, type: string): { shapes: Shapes; node: Extract<ShapeNode, { t: 'o' }> } {
  const shapes = shapesFor(kind);
  const node = shapes.types[type];
  if (!node || node.t !== 'o' || !DATABASE_TYPES[kind].includes(type as never)) throw new Error(`no ${type} in ${kind}`);
  return { shapes, node };
}

const MAX_TEXT = 40;
const MINUTE = 60_000;

/** A "when written" stamp the contract accepts: any past instant, or up to five minutes ahead of now. */
function stampValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date(Date.now()), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.integer({ min: 0, max: 5 * MINUTE }).map((ms) => new Date(Date.now() + ms).toISOString()),
  );
}

/** A stamp further ahead than the contract allows: from an hour past the bound to the year 2099 and on. */
function futureStamp(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: FIELD_LIMITS.stampAheadMs + 60 * MINUTE, max: 400 * 24 * 60 * MINUTE }).map((ms) => new Date(Date.now() + ms).toISOString()),
    fc.constantFrom('2099-01-01T00:00:00.000Z', '2099-12-31T23:59:59+04:00'),
  );
}

/** A value the node accepts, within the field limits. */
export function validValue(shapes: Shapes, node: ShapeNode): fc.Arbitrary<unknown> {
  switch (node.t) {
    case '*':
      return fc.constantFrom(null, 'x', 1, true);
    case 'z':
      return fc.constant(null);
    case 'b':
      return fc.boolean();
    case 'e':
      return fc.constantFrom(...node.v);
    case 'n':
    case 'i': {
      const min = node.ge ?? (node.gt !== undefined ? node.gt + (node.t === 'i' ? 1 : 0.001) : -1e6);
      const max = node.le ?? (node.lt !== undefined ? node.lt - (node.t === 'i' ? 1 : 0.001) : 1e6);
      return node.t === 'i'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 1e9)) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v));
    }
    case 's': {
      const minLength = node.n ?? 0;
      const maxLength = Math.min(node.x ?? MAX_TEXT, MAX_TEXT);
      if (node.c?.includes('image')) return fc.constantFrom('/uploads/events-images/u1/a.webp', 'demo/event-1.webp', 'u1/1735725600000-0123456789ab.webp', ...(shapes.imageHosts.length ? [`https://${shapes.imageHosts[0]}/a.jpg`] : []));
      // A stamp lies in the past, or at most a few minutes ahead (a device's clock may run fast, ADR 054).
      if (node.c?.includes('stamp')) return stampValue();
      if (node.c?.includes('link')) return fc.constantFrom('https://img.example/a.jpg', '/uploads/events/a.jpg', 'a.jpg', 'http://x.example/p?q=1');
      if (node.p?.length) {
        const res = node.p.map((i) => new RegExp(shapes.patterns[i] as string));
        return fc.stringMatching(res[0] as RegExp).filter((v) => res.every((r) => r.test(v)) && v.length >= minLength && v.length <= (node.x ?? FIELD_LIMITS.short));
      }
      const text = fc.string({ minLength, maxLength });
      return node.tr ? text.filter((v) => v.trim().length >= minLength && v.trim().length <= maxLength) : text;
    }
    case 'a':
      return fc.array(validValue(shapes, node.of), { minLength: node.n ?? 0, maxLength: Math.min(node.x ?? 3, 3) });
    case 'o': {
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(node.p)) fields[k] = validValue(shapes, v);
      return fc.record(fields, { requiredKeys: node.r as never[] });
    }
    case 'r':
      return fc.dictionary(validValue(shapes, node.k) as fc.Arbitrary<string>, validValue(shapes, node.of), { maxKeys: 3 })
        .filter((d) => Object.keys(d).every((k) => k.length <= FIELD_LIMITS.short && k !== '__proto__'));
    case 'u':
      return fc.oneof(...node.of.map((n) => validValue(shapes, n)));
  }
}

/** A valid document: the base with some free fields drawn anew (or left out when optional). */
export function validDoc(kind: DatabaseKind, base: Doc): fc.Arbitrary<Doc> {
  const type = base.type as string;
  const { shapes, node } = shapeOf(kind, type);
  const free = freeFields(type, node);
  const drawn: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of free) drawn[k] = fc.option(validValue(shapes, node.p[k] as ShapeNode), { nil: undefined });
  return fc.record(drawn).map((over) => {
    const doc: Doc = { ...base };
    for (const [k, v] of Object.entries(over)) {
      if (v === undefined) {
        if (!node.r.includes(k)) delete doc[k];
      } else {
        doc[k] = v;
      }
    }
    return doc;
  });
}

/** Values of other types than any the node accepts. */
function wrongType(node: ShapeNode): fc.Arbitrary<unknown>[] {
  const accepts = new Set<string>();
  const walk = (n: ShapeNode) => {
    if (n.t === 'u') n.of.forEach(walk);
    else if (n.t === 'e') n.v.forEach((v) => accepts.add(v === null ? 'null' : typeof v));
    else accepts.add({ s: 'string', n: 'number', i: 'number', b: 'boolean', z: 'null', a: 'array', o: 'object', r: 'object', '*': 'any' }[n.t]);
  };
  walk(node);
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string({ maxLength: 8 }).map((s) => `wrong ${s}`)],
    ['number', fc.integer()],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constant(['x'])],
    ['object', fc.constant({ x: 1 })],
  ];
  const options = all.filter(([t]) => !accepts.has(t) && !accepts.has('any')).map(([, a]) => a);
  // An enum of strings refuses other strings too.
  if (node.t === 'e' || (node.t === 'u' && node.of.some((n) => n.t === 'e'))) options.push(fc.constant('not-one-of-them'));
  return options;
}

/** A value the node refuses, for the kinds of node that have one. */
function badValue(shapes: Shapes, node: ShapeNode): fc.Arbitrary<unknown> | null {
  const choices: fc.Arbitrary<unknown>[] = wrongType(node);
  // A union's other members are left to the type swap (one of 2 with null is its member's node).
  const core = node.t === 'u' ? (node.of.length === 2 && node.of[1]?.t === 'z' ? node.of[0] : null) : node;
  if (core?.t === 'n' || core?.t === 'i') {
    if (core.ge !== undefined) choices.push(fc.double({ min: core.ge - 1000, max: core.ge - 0.5, noNaN: true }));
    if (core.gt !== undefined) choices.push(fc.double({ min: core.gt - 1000, max: core.gt, noNaN: true }));
    if (core.le !== undefined) choices.push(fc.double({ min: core.le + 0.5, max: core.le + 1000, noNaN: true }));
    if (core.t === 'i') choices.push(fc.constantFrom(0.5, 2.25));
  }
  if (core?.t === 's') {
    if (core.x !== undefined && core.x < FIELD_LIMITS.text) choices.push(fc.constant('x'.repeat(core.x + 1)));
    if (core.n) choices.push(fc.constant(core.tr ? '   ' : ''));
    if (core.p?.length) {
      const res = core.p.map((i) => new RegExp(shapes.patterns[i] as string));
      choices.push(fc.string({ minLength: 1, maxLength: 12 }).filter((v) => res.some((r) => !r.test(v)) && v.trim() !== ''));
    }
    if (core.c?.includes('stamp')) choices.push(futureStamp());
    if (core.c?.includes('link') || core.c?.includes('image')) choices.push(fc.constantFrom('javascript:alert(1)', 'data:text/html,x', ' JAVASCRIPT:x'));
    // An image anywhere but here: every viewer's browser would call that host.
    if (core.c?.includes('image')) choices.push(fc.constantFrom('https://tracker.example/pixel.gif', '//tracker.example/a.png', '/api/x.png', '../secret.webp', 'https://user@images.example/a.png'));
  }
  if (core?.t === 'a') {
    if (core.n) choices.push(fc.constant([]));
    const item = badValue(shapes, core.of);
    if (item) choices.push(item.map((v) => [v]));
  }
  if (core?.t === 'o' && core.r.length > 0) choices.push(fc.constant({}));
  return choices.length > 0 ? fc.oneof(...choices) : null;
}

/** What was broken, for the report of a failing case. */
export interface Broken {
  doc: Doc;
  how: string;
}

/** A document with exactly one thing wrong with its shape. */
export function invalidDoc(kind: DatabaseKind, base: Doc): fc.Arbitrary<Broken> {
  const type = base.type as string;
  const { shapes, node } = shapeOf(kind, type);
  const free = freeFields(type, node);
  const unknownField = fc
    .stringMatching(/^[a-z][a-z_]{0,20}$/)
    .filter((k) => !(k in node.p))
    .chain((k) => fc.jsonValue({ maxDepth: 1 }).map((v) => ({ doc: { ...base, [k]: v }, how: `unknown field ${k}` })));
  const options: fc.Arbitrary<Broken>[] = [unknownField];
  const required = free.filter((k) => node.r.includes(k));
  if (required.length > 0) {
    options.push(fc.constantFrom(...required).map((k) => {
      const doc = { ...base };
      delete doc[k];
      return { doc, how: `missing ${k}` };
    }));
  }
  const breakable = free.filter((k) => badValue(shapes, node.p[k] as ShapeNode) !== null);
  if (breakable.length > 0) {
    options.push(fc.constantFrom(...breakable).chain((k) =>
      (badValue(shapes, node.p[k] as ShapeNode) as fc.Arbitrary<unknown>).map((v) => ({ doc: { ...base, [k]: v }, how: `${k} = ${JSON.stringify(v)}` })),
    ));
  }
  return fc.oneof(...options);
}
