// validate_doc_update of `catalog`: admins curate, members may add an event of their own and then
// edit or delete it (its organiser), and a restaurant's owner may edit it. Plain ES5: its source is installed with the shared helpers (design-docs.ts).

/** The rules alone; `h` is validatorHelpers(). */
export function rules_catalog(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, unchanged = h.unchanged, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate;
  var OWNER_LOCKED = ['owner_id', 'active', 'rating', 'total_ratings'];
  // An organiser edits their event's details; who organises it, when it was made and whether an
  // admin has hidden it stay as they are (deleting is how an organiser takes it down).
  var ORGANISER_LOCKED = ['organizer_id', 'created_at', 'active'];

  // The shape is the schemas' (h.shaped); what is left ties fields to each other.
  function wellFormed(d) {
    typedId(d);
    if (d.type === 'featured') exactId(d, 'featured:' + d.item_type + ':' + d.item_id, 'featured:{item_type}:{item_id}');
    else generatedId(d);
  }

  var who = actor(userCtx);
  var roles = who.roles, me = who.me, isServer = who.isServer, isAdmin = who.isAdmin;
  var prior = oldDoc && !oldDoc._deleted ? oldDoc : null;

  if (gate(newDoc, who)) return;

  // A write over a tombstone's own revision would bring a deleted id back to life, with its share
  // link, its likes and its place in calendars: only an admin may (ADR 035, ADR 054). CouchDB
  // passes that tombstone as oldDoc, and so does the embedded engine. A fresh branch replicated
  // beside it arrives with no oldDoc and is the gateway's to refuse (gateway/catalog-tombstones.ts).
  if (oldDoc && oldDoc._deleted === true && newDoc._deleted !== true && !isServer && !isAdmin) deny(h.DELETED_ID);

  if (newDoc._deleted === true) {
    if (isServer) return;
    // Only a document this database holds can be deleted (ADR 014): a tombstone of anything else
    // would be downloaded by every device. A device that made and removed a document offline
    // gets this refusal and forgets the tombstone (web/src/data/replication-manager.ts).
    var gone = prior;
    if (!gone) deny(h.NOTHING_TO_DELETE);
    if (isAdmin) return;
    // An organiser may delete their own event (ADR 032) (the stored one says whose it is).
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

