// validate_doc_update of `accounts`: the server's own records (accounts, the e-mail index,
// refresh sessions, reset tokens, revocations, leases between servers, members' use of the
// shared databases, the count of private messages they hold from others, their uploads and the
// bytes those keep, their devices for Web Push and the reminders sent to them). Nobody else
// writes here. Plain ES5 without imports.

/** The rules alone; `h` is validatorHelpers(). */
export function rules_accounts(h, newDoc, oldDoc, userCtx, _secObj) {
  var deny = h.deny, has = h.has, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId;
  // The shape is the schemas' (h.shaped); what is left ties the _id to the fields.
  function wellFormed(d) {
    var address;
    typedId(d);
    switch (d.type) {
      case 'account':
        generatedId(d);
        break;
      case 'email':
        address = d._id.slice('email:'.length);
        if (address !== address.replace(/^\s+|\s+$/g, '').toLowerCase()) deny('_id must hold the normalised e-mail');
        break;
      case 'revocation':
        exactId(d, 'revocation:' + d.user_id + (d.session ? ':' + d.session : ''), 'revocation:{user_id} or revocation:{user_id}:{session}');
        break;
      case 'received':
        exactId(d, 'received:' + d.user_id, 'received:{user_id}');
        break;
      case 'push':
        exactId(d, 'push:' + d.user_id, 'push:{user_id}');
        break;
      case 'reminder':
        exactId(
          d,
          'reminder:' + d.starts_at.slice(0, 10) + ':' + d.kind + ':' + d.target_type + ':' + d.target_id + ':' + (d.user_id === null ? 'all' : d.user_id),
          'reminder:{starts_at day}:{kind}:{target_type}:{target_id}:{user_id or all}'
        );
        break;
      case 'upload':
        exactId(d, 'upload:' + d.path, 'upload:{path}');
        if (d.path.indexOf(d.owner + '/') !== 0) deny('An upload\'s path must start with its owner');
        break;
      case 'upload_usage':
        exactId(d, 'upload_usage:' + d.user_id, 'upload_usage:{user_id}');
        break;
      case 'usage':
        exactId(d, 'usage:' + d.user_id, 'usage:{user_id}');
        if (d.chat_times.length !== d.chat_counts.length) deny('chat_times and chat_counts must be as long');
        break;
    }
  }

  var ctx = userCtx || { name: null, roles: [] };
  var roles = ctx.roles || [];
  var isServer = has(roles, '_admin');

  if (!isServer && !ctx.name) throw { unauthorized: 'Please sign in' };
  if (!isServer) deny('Only the server may write accounts');
  if (typeof newDoc._id === 'string' && newDoc._id.indexOf('_design/') === 0) return;
  if (newDoc._deleted === true) return;
  h.bounded(newDoc);
  wellFormed(newDoc);
}

