// validate_doc_update of `submissions`: the server copies submissions in from the userdbs; an
// admin may only move their status, or delete them with their form. Plain ES5: its source is installed with the shared helpers (design-docs.ts).
import validatorHelpers from './helpers.js';
import { FIELD_LIMITS } from '../field-limits.js';

/** The rules alone; `h` is validatorHelpers(). */
export function rules_submissions(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, fields = h.fields, oneOf = h.oneOf, items = h.items, safeLink = h.safeLink, links = h.links, same = h.same, changed = h.changed, onlyChanged = h.onlyChanged, unchanged = h.unchanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate, KINDS = h.KINDS, WORDS = h.WORDS;
  var STATUSES = ['pending', 'processed', 'completed'];

  function wellFormed(d) {
    typedId(d, ['submission']);
    fields(d, { id: ['id', 'userid'], str: ['formid'], obj: ['data', 'form'], datetime: ['createdat'] });
    oneOf(d, 'status', STATUSES);
    exactId(d, 'submission:' + d.id, 'submission:{id}');
    fields(d.form, { text: ['title'], id: ['targetid'] }, 'form.');
    if (!has(['package', 'ride'], d.form.formtype)) deny('form.formtype must be one of package, ride');
  }

  var who = actor(userCtx);
  var roles = who.roles, me = who.me, isServer = who.isServer, isAdmin = who.isAdmin;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;
  if (!isServer && !isAdmin) deny('Only an admin may change submissions');

  // Deleting a form deletes its submissions first (admin spec, section 4).
  if (newDoc._deleted === true) {
    if (isServer || (isAdmin && prior)) return;
    deny('Submissions cannot be deleted');
  }

  h.bounded(newDoc);
  wellFormed(newDoc);
  if (isServer) return;
  if (!prior) deny("Submissions arrive from members' own databases");
  onlyChanged(prior, newDoc, ['status', 'updatedat', 'updated_by'], 'An admin may only change the status');
  h.stamped(newDoc, who, 'updatedat');
}

export default function validate_submissions(newDoc, oldDoc, userCtx, secObj) {
  return rules_submissions(validatorHelpers(FIELD_LIMITS), newDoc, oldDoc, userCtx, secObj);
}
