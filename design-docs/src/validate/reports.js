// validate_doc_update of `reports` (ADR 024): the server copies reports in from the reporters'
// userdbs; admins read them and delete one once it is dealt with; nobody else writes. Plain
// ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_reports(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny;
  var who = h.actor(userCtx);
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (h.gate(newDoc, who)) return;
  if (!who.isServer && !who.isAdmin) deny('Only an admin may change reports');

  if (newDoc._deleted === true) {
    if (who.isServer || prior) return;
    deny(h.NOTHING_TO_DELETE);
  }

  h.bounded(newDoc);
  h.wellFormedReport(newDoc);
  if (who.isServer) return;
  deny("Reports arrive from members' own databases and are never edited");
}

