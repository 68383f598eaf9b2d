// validate_doc_update of a member's own `userdb-{hex}`: the owner keeps likes, settings and
// blocks, sends private messages, submissions and reports, deletes messages sent or received and
// their submissions the server did not accept; the server alone writes receipts, notifications,
// incoming messages and status changes. Plain ES5: its source is installed with the shared
// helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_userdb(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, onlyChanged = h.onlyChanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate;

  var owner =
    secObj && secObj.members && Array.isArray(secObj.members.names) && typeof secObj.members.names[0] === 'string'
      ? secObj.members.names[0]
      : null;

  // The shape is the schemas' (h.shaped); what is left ties fields to each other and to the owner.
  function wellFormed(d) {
    typedId(d);
    switch (d.type) {
      case 'like':
        exactId(d, 'like:' + d.item_type + ':' + d.item_id, 'like:{item_type}:{item_id}');
        break;
      case 'submission':
        exactId(d, 'submission:' + d.id, 'submission:{id}');
        if (owner && d.userid !== owner) deny('userid must be the owner of this database');
        break;
      case 'message':
        h.messageId(d);
        if (d.is_public !== false || d.receiver_id === null) deny('Only private messages (is_public false, with a receiver) belong here');
        if (owner && d.sender_id !== owner && d.receiver_id !== owner) {
          deny('A message here must be from or to the owner of this database');
        }
        break;
      case 'receipt':
        generatedId(d);
        h.balanced(d);
        if (owner && d.user_id !== owner) deny('user_id must be the owner of this database');
        break;
      case 'block':
        exactId(d, 'block:' + d.user_id, 'block:{user_id}');
        if (owner && d.user_id === owner) deny('You cannot block yourself');
        break;
      case 'report':
        h.wellFormedReport(d);
        if (owner && d.reporter_id !== owner) deny('reporter_id must be the owner of this database');
        break;
      case 'notification':
        generatedId(d);
        break;
    }
  }

  var who = actor(userCtx);
  var me = who.me, isServer = who.isServer;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;
  if (!isServer && (owner === null || me !== owner)) deny('Only the owner may write to this database');

  if (newDoc._deleted === true) {
    if (isServer) return;
    // A body-less tombstone of a revision this database never had carries nothing and can never
    // win over a live revision: that is how a document made and removed offline is pushed.
    var gone = prior || (hasBody(newDoc) ? newDoc : null);
    if (!gone) return;
    switch (gone.type) {
      case 'like':
      case 'settings':
      case 'block':
        return;
      case 'message':
        // Its sender takes it back; its receiver clears it from their own space (ADR 052).
        if (gone.sender_id !== me && gone.receiver_id !== me) deny('You may only delete messages you sent or received');
        return;
      case 'submission':
        // One the server refused never reached the admins, so it is the owner's to clear away;
        // a pending or accepted one is the admins' record, and the server's to delete.
        if (prior && typeof prior.refused_reason === 'string') return;
        deny('Only a submission that was not accepted may be deleted');
        return;
      default:
        deny('Only the server may delete a ' + gone.type);
    }
  }

  h.bounded(newDoc);
  wellFormed(newDoc);
  if (isServer) return;

  switch (newDoc.type) {
    case 'like':
    case 'settings':
      return;
    case 'submission':
      if (prior) deny('A submission cannot be changed once sent');
      if (newDoc.status !== 'pending') deny('A new submission must have status pending');
      if (newDoc.refused_reason !== undefined || newDoc.refused_at !== undefined) deny('Only the server marks a submission not accepted');
      if (newDoc.userid !== me) deny('userid must be your own user id');
      return;
    case 'message':
      if (!prior) {
        if (newDoc.sender_id !== me) deny('sender_id must be your own user id');
        if (newDoc.receiver_id === me) deny('receiver_id must be another member');
        return;
      }
      if (prior.receiver_id !== me || prior.sender_id === me) deny('Messages cannot be edited');
      onlyChanged(prior, newDoc, ['read'], 'Only read may change on a message you received');
      return;
    case 'block':
      // Unblocking removes the document; blocking again makes a new one.
      if (prior) deny('A block cannot be changed; remove it to unblock');
      return;
    case 'report':
      if (prior) deny('A report cannot be changed once sent');
      if (newDoc.reporter_id !== me) deny('reporter_id must be your own user id');
      return;
    case 'notification':
      if (!prior) deny('Only the server may add a notification');
      onlyChanged(prior, newDoc, ['seen'], 'Only seen may change on a notification');
      return;
    default:
      deny('Only the server may write a ' + newDoc.type);
  }
}

