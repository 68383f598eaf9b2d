// validate_doc_update of `receipts`: admins keep the receipts; the server mirrors each one into
// its owner's userdb. Plain ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_receipts(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, actor = h.actor, gate = h.gate;
  // The shape is the schemas' (h.shaped); what is left ties fields to each other.
  function wellFormed(d) {
    h.typedId(d);
    h.generatedId(d);
    h.balanced(d);
  }

  var who = actor(userCtx);
  var isServer = who.isServer, isAdmin = who.isAdmin;

  if (gate(newDoc, who)) return;
  if (!isServer && !isAdmin) deny('Only an admin may change receipts');
  if (newDoc._deleted === true) return;
  h.bounded(newDoc);
  wellFormed(newDoc);
  if (!isServer) h.stamped(newDoc, who);
}

