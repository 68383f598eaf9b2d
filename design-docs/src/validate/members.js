// validate_doc_update of `members`: a member writes their own attendance and ratings and edits
// part of their profile; admins write packages, rides, forms and event discounts.
// Plain ES5: its source is installed with the shared helpers (design-docs.ts).
import validatorHelpers from './helpers.js';
import { FIELD_LIMITS } from '../field-limits.js';

/** The rules alone; `h` is validatorHelpers(). */
export function rules_members(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, fields = h.fields, oneOf = h.oneOf, items = h.items, safeLink = h.safeLink, links = h.links, same = h.same, changed = h.changed, onlyChanged = h.onlyChanged, unchanged = h.unchanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate, KINDS = h.KINDS, WORDS = h.WORDS;
  var TYPES = ['profile', 'attendance', 'rating', 'package', 'ride', 'form', 'event_discount'];
  var ADMIN_TYPES = ['package', 'ride', 'form', 'event_discount'];
  var PROFILE_SELF_FIELDS = ['first_name', 'last_name', 'avatar_url', 'territory', 'locality'];
  var FIELD_TYPES = ['text', 'email', 'number', 'select', 'checkbox', 'textarea', 'date'];

  function wellFormed(d) {
    var i, f;
    typedId(d, TYPES);
    links(d, '', true);
    switch (d.type) {
      case 'profile':
        fields(d, {
          id: ['user_id'], str: ['first_name', 'last_name'], datetime: ['created_at'],
          '?text': ['territory', 'locality', 'avatar_url']
        });
        oneOf(d, 'role', ['member', 'admin'], true);
        oneOf(d, 'membership_type', ['gold', 'premium']);
        if (d.membership_expires_at !== null) fields(d, { datetime: ['membership_expires_at'] });
        exactId(d, 'profile:' + d.user_id, 'profile:{user_id}');
        break;
      case 'attendance':
        fields(d, { id: ['target_id', 'user_id'], datetime: ['created_at'] });
        oneOf(d, 'target_type', ['event', 'band']);
        exactId(
          d, 'attendance:' + d.target_type + ':' + d.target_id + ':' + d.user_id,
          'attendance:{target_type}:{target_id}:{user_id}'
        );
        break;
      case 'rating':
        fields(d, { id: ['target_id', 'user_id'], int: ['rating'], datetime: ['created_at'], '?text': ['comment'] });
        oneOf(d, 'target_type', ['provider', 'band']);
        if (d.rating < 1 || d.rating > 5) deny('rating must be a whole number from 1 to 5');
        exactId(
          d, 'rating:' + d.target_type + ':' + d.target_id + ':' + d.user_id,
          'rating:{target_type}:{target_id}:{user_id}'
        );
        break;
      case 'package':
      case 'ride':
        generatedId(d);
        fields(d, { str: ['title', 'subtitle'], '?text': ['bgcolor', 'textcolor', 'description'], '?int': ['order'], '?bool': ['active'] });
        break;
      case 'form':
        fields(d, { str: ['id', 'title'], id: ['targetid'], list: ['fields'], datetime: ['updatedat'], '?bool': ['active'] });
        oneOf(d, 'formtype', ['package', 'ride']);
        exactId(d, 'form:' + d.formtype + ':' + d.targetid, 'form:{formtype}:{targetid}');
        for (i = 0; i < d.fields.length; i++) {
          f = d.fields[i];
          if (!KINDS.obj(f)) deny('fields[' + i + '] must be an object');
          fields(f, { str: ['id', 'label'], '?bool': ['required'], '?list': ['options'] }, 'fields[' + i + '].');
          if (!has(FIELD_TYPES, f.type)) deny('fields[' + i + '].type must be one of ' + FIELD_TYPES.join(', '));
        }
        break;
      case 'event_discount':
        generatedId(d);
        fields(d, { id: ['event_id'], str: ['code'], num: ['percentage'], bool: ['active'] });
        if (d.percentage <= 0 || d.percentage > 100) deny('percentage must be between 0 and 100');
        break;
    }
  }

  var who = actor(userCtx);
  var roles = who.roles, me = who.me, isServer = who.isServer, isAdmin = who.isAdmin;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;

  if (newDoc._deleted === true) {
    if (isServer) return;
    // Only a document this database holds can be deleted (issue 8): a tombstone of anything else
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

export default function validate_members(newDoc, oldDoc, userCtx, secObj) {
  return rules_members(validatorHelpers(FIELD_LIMITS), newDoc, oldDoc, userCtx, secObj);
}
