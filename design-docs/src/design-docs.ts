// What provisioning installs in each database: the `_design/fete` validator and Mango indexes.
import { databaseKind, type DatabaseKind, type SecurityObject, type UserCtx } from './databases.ts';
import validatorHelpers from './validate/helpers.js';
import { FIELD_LIMITS } from './field-limits.js';
import { rules_accounts } from './validate/accounts.js';
import { rules_catalog } from './validate/catalog.js';
import { rules_chat } from './validate/chat.js';
import { rules_members } from './validate/members.js';
import { rules_receipts } from './validate/receipts.js';
import { rules_reports } from './validate/reports.js';
import { rules_submissions } from './validate/submissions.js';
import { rules_userdb } from './validate/userdb.js';
import type { DocType } from './ids.ts';
import { rawDocSchemas } from './schemas/doc-schemas.ts';
import { shapesOf, type Shapes } from './shapes.ts';
import { imageHosts } from './schemas/common.ts';

/** Bump whenever a validator or an index changes: provisioning replaces a design doc whose content differs. */
export const DESIGN_VERSION = 17;

/** The document types each database holds (ARCHITECTURE.md section 3); any other is refused. */
export const DATABASE_TYPES: Record<DatabaseKind, readonly DocType[]> = {
  catalog: ['event', 'band', 'restaurant', 'provider', 'product', 'hero_slide', 'ad', 'partner', 'featured'],
  members: ['profile', 'attendance', 'rating', 'package', 'ride', 'form', 'event_discount'],
  chat: ['message'],
  userdb: ['like', 'settings', 'submission', 'message', 'receipt', 'notification', 'block', 'report'],
  submissions: ['submission'],
  receipts: ['receipt'],
  reports: ['report'],
  accounts: ['account', 'email', 'refresh', 'reset', 'revocation', 'lease', 'usage', 'received', 'push', 'reminder', 'upload', 'upload_usage'],
};

const shapesByKind = new Map<string, Shapes>();

/** The shapes of a database's document types, generated from their Zod schemas (ADR 036). */
export function shapesFor(kind: DatabaseKind): Shapes {
  // The image hosts are configuration: a changed list makes another validator (and provisioning replaces it).
  const key = `${kind} ${imageHosts().join(' ')}`;
  let shapes = shapesByKind.get(key);
  if (!shapes) {
    shapes = shapesOf(Object.fromEntries(DATABASE_TYPES[kind].map((t) => [t, rawDocSchemas[t]])));
    shapesByKind.set(key, shapes);
  }
  return shapes;
}

export const DESIGN_DOC_ID = '_design/fete';

/**
 * The `_local` document saying which design version a database's data meets (ADR 036): a
 * database created under a version is born meeting it; the start-up repair pass brings older
 * ones up and then writes it (sync-server/src/backend/contract-repair.ts).
 */
export const CONTRACT_MARKER_ID = '_local/fete-contract';

/** CouchDB's contract: return to allow; throw `{forbidden}` or `{unauthorized}` to refuse. */
export type ValidateDocUpdate = (
  newDoc: Record<string, unknown>,
  oldDoc: Record<string, unknown> | null,
  userCtx: UserCtx,
  secObj: SecurityObject,
) => void;


export interface DesignDoc {
  _id: typeof DESIGN_DOC_ID;
  version: number;
  validate_doc_update: string;
}

function kindOf(db: string): DatabaseKind {
  const kind = databaseKind(db);
  if (kind === null) throw new Error(`unknown database ${db}`);
  return kind;
}

type Rules = (h: ReturnType<typeof validatorHelpers>, ...args: Parameters<ValidateDocUpdate>) => void;

const rules: Record<DatabaseKind, Rules> = {
  catalog: rules_catalog,
  members: rules_members,
  chat: rules_chat,
  userdb: rules_userdb,
  submissions: rules_submissions,
  receipts: rules_receipts,
  reports: rules_reports,
  accounts: rules_accounts,
};

const validatorsByKind = new Map<string, ValidateDocUpdate>();
const helpersByShapes = new WeakMap<Shapes, ReturnType<typeof validatorHelpers>>();

/** The validators' helpers over a database's shapes, as the installed source builds them. */
export function helpersFor(kind: DatabaseKind): ReturnType<typeof validatorHelpers> {
  const shapes = shapesFor(kind);
  let h = helpersByShapes.get(shapes);
  if (!h) {
    h = validatorHelpers(FIELD_LIMITS, shapes);
    helpersByShapes.set(shapes, h);
  }
  return h;
}

/** The validator of a database, called in this process (the same rules and shapes as installed). */
export function validatorFor(db: string): ValidateDocUpdate {
  const kind = kindOf(db);
  const key = `${kind} ${imageHosts().join(' ')}`;
  let validate = validatorsByKind.get(key);
  if (!validate) {
    const h = helpersFor(kind);
    const rule = rules[kind];
    validate = (newDoc, oldDoc, userCtx, secObj) => rule(h, newDoc, oldDoc, userCtx, secObj);
    validatorsByKind.set(key, validate);
  }
  return validate;
}

/**
 * The installed `validate_doc_update`: CouchDB sees one self-contained function, so the shared
 * helpers' source and the database's shapes are composed in front of the database's rules. The
 * helpers are built on the first call and kept on the function (CouchDB and the embedded engine
 * keep one compiled function per design document): the shapes are a large literal.
 */
export function validatorSource(db: string): string {
  const kind = kindOf(db);
  return [
    'function (newDoc, oldDoc, userCtx, secObj) {',
    // CouchDB evaluates an anonymous function only; arguments.callee is that function (sloppy mode).
    '  var self = arguments.callee;',
    `  var h = self.h || (self.h = (${validatorHelpers.toString()})(${JSON.stringify(FIELD_LIMITS)}, ${JSON.stringify(shapesFor(kind))}));`,
    `  return (${rules[kind].toString()})(h, newDoc, oldDoc, userCtx, secObj);`,
    '}',
  ].join('\n');
}

export function designDocFor(db: string): DesignDoc {
  return { _id: DESIGN_DOC_ID, version: DESIGN_VERSION, validate_doc_update: validatorSource(db) };
}

export interface MangoIndex {
  index: { fields: string[] };
  ddoc: string;
  name: string;
  type: 'json';
}

function mango(name: string, fields: string[]): MangoIndex {
  return { index: { fields }, ddoc: `idx-${name}`, name, type: 'json' };
}

/**
 * Indexes whose design document starts with this serve the server's own queries only: the
 * embedded engine answers a client's `_find` that would use one by its streamed `_id` scan, since
 * an indexed read holds its whole answer's documents at once, and a visitor could ask for 10,000
 * catalogue documents of up to 128 KiB that way (ADR 053).
 */
export const SERVER_ONLY_INDEX_PREFIX = 'idx-server-';

/**
 * Event reminders page through the events and bands of each local date that can be due, in `_id`
 * order within the date (ADR 053): the index's last field is `_id`, so a page starts right after
 * the last id read, on both backends, whatever ids members pick.
 */
export const START_DATE_INDEXES = {
  event: mango('server-type-date-id', ['type', 'date', '_id']),
  band: mango('server-type-start_date-id', ['type', 'start_date', '_id']),
} as const;

// Lists are `_id` ranges, so only lookups across types or by another field need an index; each
// index costs seconds to build on a phone, so there are few. None of them reach a device: the
// gateway hides design documents, and the catalogue's are read by the server only.
const INDEXES: Record<DatabaseKind, MangoIndex[]> = {
  // Catalogue screens filter a type's `_id` range in memory (at most ~10k docs per device).
  catalog: [START_DATE_INDEXES.event, START_DATE_INDEXES.band],
  members: [mango('user_id', ['user_id']), mango('type-target_id', ['type', 'target_id'])],
  chat: [mango('created_at', ['created_at']), mango('sender_id', ['sender_id'])],
  userdb: [mango('type', ['type'])],
  submissions: [mango('formid-createdat', ['formid', 'createdat']), mango('userid', ['userid'])],
  receipts: [mango('user_id-receipt_date', ['user_id', 'receipt_date'])],
  // Admins page through reports newest first (ADR 038): there can be many.
  reports: [mango('created_at', ['created_at'])],
  // Sessions and reset tokens are found by their user when a session ends or an account goes; the
  // upload sweep pages through the upload records due for a look (ADR 055).
  accounts: [mango('user_id', ['user_id']), mango('check_after', ['check_after'])],
};

export function indexesFor(db: string): MangoIndex[] {
  return INDEXES[kindOf(db)].map((i) => ({ ...i, index: { fields: [...i.index.fields] } }));
}
