// validate_doc_update of `catalog`: admins curate, members may add an event of their own and then
// edit or delete it (its organiser), and a restaurant's owner may edit it. Plain ES5: its source is installed with the shared helpers (design-docs.ts).
import validatorHelpers from './helpers.js';
import { FIELD_LIMITS } from '../field-limits.js';

/** The rules alone; `h` is validatorHelpers(). */
export function rules_catalog(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, fields = h.fields, oneOf = h.oneOf, items = h.items, safeLink = h.safeLink, links = h.links, same = h.same, changed = h.changed, onlyChanged = h.onlyChanged, unchanged = h.unchanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate, KINDS = h.KINDS, WORDS = h.WORDS;
  var TYPES = ['event', 'band', 'restaurant', 'provider', 'product', 'hero_slide', 'ad', 'partner', 'featured'];
  var FEATURED_TYPES = ['event', 'restaurant', 'face', 'band', 'marqet'];
  var OWNER_LOCKED = ['owner_id', 'active', 'rating', 'total_ratings'];
  // An organiser edits their event's details; who organises it, when it was made and whether an
  // admin has hidden it stay as they are (deleting is how an organiser takes it down).
  var ORGANISER_LOCKED = ['organizer_id', 'created_at', 'active'];

  function wellFormed(d) {
    typedId(d, TYPES);
    links(d, '', true);
    switch (d.type) {
      case 'event':
        generatedId(d);
        fields(d, {
          str: ['title', 'location'], date: ['date'], bool: ['active'], '?date': ['end_date'],
          '?time': ['start_time', 'end_time'], '?num': ['price'], '?int': ['capacity'],
          '?text': ['description', 'state', 'country', 'category']
        });
        if (d.organizer_id !== null) fields(d, { id: ['organizer_id'] });
        if (!absent(d.price) && d.price < 0) deny('price cannot be negative');
        if (!absent(d.capacity) && d.capacity < 0) deny('capacity cannot be negative');
        break;
      case 'band':
        generatedId(d);
        fields(d, {
          str: ['name'], bool: ['active'], '?date': ['start_date', 'end_date'], '?int': ['year', 'total_ratings'],
          '?num': ['rating']
        });
        break;
      case 'restaurant':
        generatedId(d);
        fields(d, {
          str: ['name', 'location'], bool: ['active'], '?id': ['owner_id'], '?time': ['opening_time', 'closing_time'],
          '?num': ['latitude', 'longitude']
        });
        items(d, 'menu_items', { id: ['id'], str: ['name'], num: ['price'], '?bool': ['active'] });
        items(d, 'photos', { id: ['id'], str: ['image_url'], '?bool': ['active'], '?int': ['order'] });
        items(d, 'discounts', { id: ['id'], str: ['description'], num: ['percentage'], '?bool': ['active'] });
        break;
      case 'provider':
        generatedId(d);
        fields(d, {
          str: ['first_name', 'last_name'], bool: ['active'], '?list': ['services'], '?num': ['rating'],
          '?int': ['total_ratings']
        });
        items(d, 'testimonials', { id: ['id'], str: ['image_url'], '?bool': ['active'], '?int': ['order'] });
        break;
      case 'product':
        generatedId(d);
        fields(d, {
          str: ['name', 'brand'], num: ['price'], bool: ['active'], '?bool': ['in_stock'], '?list': ['sizes', 'colors']
        });
        if (d.price < 0) deny('price cannot be negative');
        break;
      case 'hero_slide':
        generatedId(d);
        fields(d, { str: ['image_url'], bool: ['active'], '?int': ['order'] });
        break;
      case 'ad':
        generatedId(d);
        fields(d, { str: ['position'], bool: ['active'], '?int': ['order'] });
        break;
      case 'partner':
        generatedId(d);
        fields(d, { str: ['name'], bool: ['active'], '?int': ['order'] });
        break;
      case 'featured':
        fields(d, { id: ['item_id'], int: ['order'], '?bool': ['active'] });
        oneOf(d, 'item_type', FEATURED_TYPES);
        exactId(d, 'featured:' + d.item_type + ':' + d.item_id, 'featured:{item_type}:{item_id}');
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
    if (isAdmin) return;
    // Issue 15: an organiser may delete their own event (the stored one says whose it is).
    if (gone.type === 'event' && has(roles, 'member') && !absent(me) && gone.organizer_id === me) return;
    deny('Only an admin may delete catalogue items');
    return;
  }

  h.bounded(newDoc);
  wellFormed(newDoc);
  if (isServer) return;
  if (isAdmin) {
    h.stamped(newDoc, who);
    return;
  }
  if (!has(roles, 'member')) deny('Only members may add to the catalogue');

  if (!prior) {
    if (newDoc.type !== 'event') deny('Only an admin may add a ' + newDoc.type);
    if (newDoc.organizer_id !== me) deny('organizer_id must be your own user id');
    if (newDoc.active !== true) deny('A new event must be active');
    return;
  }
  if (newDoc.type === 'restaurant' && prior.owner_id === me) {
    unchanged(prior, newDoc, OWNER_LOCKED, 'A restaurant owner cannot change');
    h.stamped(newDoc, who);
    return;
  }
  if (newDoc.type === 'event' && prior.organizer_id === me) {
    unchanged(prior, newDoc, ORGANISER_LOCKED, 'An organiser cannot change');
    h.stamped(newDoc, who);
    return;
  }
  if (newDoc.type === 'event') deny("Only an admin or the event's organiser may change an event");
  deny('Only an admin may change this ' + newDoc.type);
}

export default function validate_catalog(newDoc, oldDoc, userCtx, secObj) {
  return rules_catalog(validatorHelpers(FIELD_LIMITS), newDoc, oldDoc, userCtx, secObj);
}
