// validate_doc_update of `members`: a member writes their own attendance and ratings and edits
// part of their profile; admins write packages, rides, forms and event discounts.
// Plain ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_members(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, onlyChanged = h.onlyChanged, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate;
  var ADMIN_TYPES = ['package', 'ride', 'form', 'event_discount'];
  var PROFILE_SELF_FIELDS = ['first_name', 'last_name', 'avatar_url', 'territory', 'locality'];

  // The shape is the schemas' (h.shaped); what is left ties fields to each other.
  function wellFormed(d) {
    var i, labels = {};
    typedId(d);
    switch (d.type) {
      case 'profile':
        exactId(d, 'profile:' + d.user_id, 'profile:{user_id}');
        break;
      case 'attendance':
      case 'rating':
        exactId(
          d, d.type + ':' + d.target_type + ':' + d.target_id + ':' + d.user_id,
          d.type + ':{target_type}:{target_id}:{user_id}'
        );
        break;
      case 'form':
        exactId(d, 'form:' + d.formtype + ':' + d.targetid, 'form:{formtype}:{targetid}');
        // Answers are keyed by label, and a field's options follow its type (schemas/form.ts).
        for (i = 0; i < d.fields.length; i++) {
          if (labels['$' + d.fields[i].label]) deny('Field labels must be unique');
          labels['$' + d.fields[i].label] = true;
          fieldOptions(d.fields[i], i);
        }
        break;
      default:
        generatedId(d);
    }
  }
  function fieldOptions(f, i) {
    var count = f.options ? f.options.length : 0;
    // A checkbox without options is a single yes/no box (schemas/form.ts); a dropdown needs options.
    if (f.type === 'select' && count === 0) deny('fields[' + i + '] needs at least one option');
    if (f.type !== 'select' && f.type !== 'checkbox' && !absent(f.options)) deny('fields[' + i + '] has options, which only dropdown and checkbox fields have');
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
    if (has(ADMIN_TYPES, gone.type)) {
      if (!isAdmin) deny('Only an admin may delete a ' + gone.type);
      return;
    }
    if (gone.type === 'attendance' || gone.type === 'rating') {
      if (gone.user_id !== me) deny('You may only remove your own ' + gone.type);
      return;
    }
    deny('Only the server may delete a ' + gone.type);
  }

  h.bounded(newDoc);
  wellFormed(newDoc);
  if (isServer) return;
  if (!has(roles, 'member') && !isAdmin) deny('Only members may write here');

  if (has(ADMIN_TYPES, newDoc.type)) {
    if (!isAdmin) deny('Only an admin may change a ' + newDoc.type);
    h.stamped(newDoc, who, newDoc.type === 'form' ? 'updatedat' : 'updated_at');
    return;
  }
  if (newDoc.user_id !== me || (prior && prior.user_id !== me)) {
    deny('You may only write your own ' + newDoc.type);
  }
  switch (newDoc.type) {
    case 'profile':
      if (!prior) deny('Profiles are created at sign-up');
      onlyChanged(prior, newDoc, PROFILE_SELF_FIELDS, 'You may only change your name, avatar and location');
      return;
    case 'attendance':
      if (prior) deny('Attendance is added or removed, not changed');
      return;
    case 'rating':
      return;
  }
}

