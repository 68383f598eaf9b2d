// validate_doc_update of `receipts`: admins keep the receipts; the server mirrors each one into
// its owner's userdb. Plain ES5: its source is installed with the shared helpers (design-docs.ts).
import validatorHelpers from './helpers.js';
import { FIELD_LIMITS } from '../field-limits.js';

/** The rules alone; `h` is validatorHelpers(). */
export function rules_receipts(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, fields = h.fields, oneOf = h.oneOf, items = h.items, safeLink = h.safeLink, links = h.links, same = h.same, changed = h.changed, onlyChanged = h.onlyChanged, unchanged = h.unchanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate, KINDS = h.KINDS, WORDS = h.WORDS;
  function wellFormed(d) {
    typedId(d, ['receipt']);
    generatedId(d);
    fields(d, {
      id: ['user_id'], str: ['title'], date: ['receipt_date'], num: ['amount', 'balance_owed'],
      datetime: ['created_at'], '?num': ['amount_paid'], '?text': ['description']
    });
    if (!/^REC-\d{5}$/.test(d.receipt_number)) deny('receipt_number must look like REC-12345');
    oneOf(d, 'status', ['paid', 'pending', 'failed']);
    oneOf(d, 'payment_method', ['Credit Card', 'PayPal', 'Bank Transfer', 'Cash', 'Crypto', 'Other']);
    if (d.amount < 0 || (!absent(d.amount_paid) && d.amount_paid < 0)) deny('Amounts cannot be negative');
  }

  var who = actor(userCtx);
  var roles = who.roles, me = who.me, isServer = who.isServer, isAdmin = who.isAdmin;

  if (gate(newDoc, who)) return;
  if (!isServer && !isAdmin) deny('Only an admin may change receipts');
  if (newDoc._deleted === true) return;
  h.bounded(newDoc);
  wellFormed(newDoc);
  if (!isServer) h.stamped(newDoc, who);
}

export default function validate_receipts(newDoc, oldDoc, userCtx, secObj) {
  return rules_receipts(validatorHelpers(FIELD_LIMITS), newDoc, oldDoc, userCtx, secObj);
}
