// What provisioning installs in each database: the `_design/fete` validator and Mango indexes.
import { databaseKind, type DatabaseKind, type SecurityObject, type UserCtx } from './databases.ts';
import validatorHelpers from './validate/helpers.js';
import { FIELD_LIMITS } from './field-limits.js';
import validateAccounts, { rules_accounts } from './validate/accounts.js';
import validateCatalog, { rules_catalog } from './validate/catalog.js';
import validateChat, { rules_chat } from './validate/chat.js';
import validateMembers, { rules_members } from './validate/members.js';
import validateReceipts, { rules_receipts } from './validate/receipts.js';
import validateReports, { rules_reports } from './validate/reports.js';
import validateSubmissions, { rules_submissions } from './validate/submissions.js';
import validateUserdb, { rules_userdb } from './validate/userdb.js';

/** Bump whenever a validator or an index changes: provisioning replaces a design doc whose content differs. */
export const DESIGN_VERSION = 8;

export const DESIGN_DOC_ID = '_design/fete';

/** CouchDB's contract: return to allow; throw `{forbidden}` or `{unauthorized}` to refuse. */
export type ValidateDocUpdate = (
  newDoc: Record<string, unknown>,
  oldDoc: Record<string, unknown> | null,
  userCtx: UserCtx,
  secObj: SecurityObject,
) => void;

export const validators: Record<DatabaseKind, ValidateDocUpdate> = {
  catalog: validateCatalog,
  members: validateMembers,
  chat: validateChat,
  userdb: validateUserdb,
  submissions: validateSubmissions,
  receipts: validateReceipts,
  reports: validateReports,
  accounts: validateAccounts,
};

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

export function validatorFor(db: string): ValidateDocUpdate {
  return validators[kindOf(db)];
}

const rules: Record<DatabaseKind, (...args: never[]) => void> = {
  catalog: rules_catalog,
  members: rules_members,
  chat: rules_chat,
  userdb: rules_userdb,
  submissions: rules_submissions,
  receipts: rules_receipts,
  reports: rules_reports,
  accounts: rules_accounts,
};

/**
 * The installed `validate_doc_update`: CouchDB sees one self-contained function, so the shared
 * helpers' source is composed in front of the database's rules.
 */
export function validatorSource(db: string): string {
  return [
    'function (newDoc, oldDoc, userCtx, secObj) {',
    `  var h = (${validatorHelpers.toString()})(${JSON.stringify(FIELD_LIMITS)});`,
    `  return (${rules[kindOf(db)].toString()})(h, newDoc, oldDoc, userCtx, secObj);`,
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

// Lists are `_id` ranges, so only lookups across types or by another field need an index; each
// index costs seconds to build on a phone, so there are few.
const INDEXES: Record<DatabaseKind, MangoIndex[]> = {
  // Catalogue screens filter a type's `_id` range in memory (at most ~10k docs per device).
  catalog: [],
  members: [mango('user_id', ['user_id']), mango('type-target_id', ['type', 'target_id'])],
  chat: [mango('created_at', ['created_at']), mango('sender_id', ['sender_id'])],
  userdb: [mango('type', ['type'])],
  submissions: [mango('formid-createdat', ['formid', 'createdat']), mango('userid', ['userid'])],
  receipts: [mango('user_id-receipt_date', ['user_id', 'receipt_date'])],
  // Admins read every report and sort them by date in memory: there are few.
  reports: [],
  // Sessions and reset tokens are found by their user when a session ends or an account goes.
  accounts: [mango('user_id', ['user_id'])],
};

export function indexesFor(db: string): MangoIndex[] {
  return INDEXES[kindOf(db)].map((i) => ({ ...i, index: { fields: [...i.index.fields] } }));
}
