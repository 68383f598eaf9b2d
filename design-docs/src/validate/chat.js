// validate_doc_update of `chat`: public messages only, posted by their sender, never edited,
// removed by their sender or an admin. Plain ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_chat(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, has = h.has, typedId = h.typedId, actor = h.actor, gate = h.gate;
  // The shape is the schemas' (h.shaped); what is left ties fields to each other.
  function wellFormed(d) {
    typedId(d);
    h.messageId(d);
    if (d.is_public !== true || d.receiver_id !== null) {
      deny('Chat holds public messages only (is_public true, receiver_id null)');
    }
  }

  var who = actor(userCtx);
  var roles = who.roles, me = who.me, isServer = who.isServer, isAdmin = who.isAdmin;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;

  if (newDoc._deleted === true) {
    if (isServer) return;
    // Only a document this database holds can be deleted (ADR 014): a tombstone of anything else
    // would be downloaded by every device. A device that made and removed a document offline
    // gets this refusal and forgets the tombstone (web/src/data/replication-manager.ts).
    var gone = prior;
    if (!gone) deny(h.NOTHING_TO_DELETE);
    if (gone.sender_id !== me && !isAdmin) deny('You may only delete your own messages');
    return;
  }

  h.bounded(newDoc);
  wellFormed(newDoc);
  if (isServer) return;
  if (!has(roles, 'member') && !isAdmin) deny('Only members may chat');
  if (prior) deny('Messages cannot be edited');
  if (newDoc.sender_id !== me) deny('sender_id must be your own user id');
}

