// validate_doc_update of `submissions`: the server copies submissions in from the userdbs; an
// admin may only move their status, or delete them with their form. Plain ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_submissions(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, onlyChanged = h.onlyChanged, actor = h.actor, gate = h.gate;
  // The shape is the schemas' (h.shaped); what is left ties fields to each other.
  function wellFormed(d) {
    h.typedId(d);
    h.exactId(d, 'submission:' + d.id, 'submission:{id}');
  }

  var who = actor(userCtx);
  var isServer = who.isServer, isAdmin = who.isAdmin;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;
  if (!isServer && !isAdmin) deny('Only an admin may change submissions');

  // Deleting a form deletes its submissions first.
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

