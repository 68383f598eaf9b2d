// validate_doc_update of `accounts`: the server's own records (accounts, the e-mail index,
// refresh sessions, reset tokens, revocations, and leases between servers). Nobody else
// writes here. Plain ES5 without imports.
import validatorHelpers from './helpers.js';
import { FIELD_LIMITS } from '../field-limits.js';

/** The rules alone; `h` is validatorHelpers(). */
export function rules_accounts(h, newDoc, oldDoc, userCtx, secObj) {
  var deny = h.deny, has = h.has, absent = h.absent, fields = h.fields, oneOf = h.oneOf, items = h.items, safeLink = h.safeLink, links = h.links, same = h.same, changed = h.changed, onlyChanged = h.onlyChanged, unchanged = h.unchanged, hasBody = h.hasBody, typedId = h.typedId, exactId = h.exactId, generatedId = h.generatedId, actor = h.actor, gate = h.gate, KINDS = h.KINDS, WORDS = h.WORDS;
  function wellFormed(d) {
    typedId(d, ['account', 'email', 'refresh', 'reset', 'revocation', 'lease']);
    switch (d.type) {
      case 'account':
        generatedId(d);
        fields(d, { str: ['email', 'password_hash'], datetime: ['created_at'] });
        oneOf(d, 'role', ['member', 'admin']);
        oneOf(d, 'membership_type', ['gold', 'premium']);
        if (d.membership_expires_at !== null) fields(d, { datetime: ['membership_expires_at'] });
        break;
      case 'email':
        fields(d, { id: ['user_id'] });
        var address = d._id.slice('email:'.length);
        if (address !== address.replace(/^\s+|\s+$/g, '').toLowerCase()) deny('_id must hold the normalised e-mail');
        break;
      case 'refresh':
      case 'reset':
        if (!/^[A-Za-z0-9_\-]+$/.test(d._id.slice(d.type.length + 1))) deny('_id must be ' + d.type + ':{sha256}');
        fields(d, { id: ['user_id'], datetime: ['expires_at', 'created_at'] });
        break;
      case 'revocation':
        exactId(d, 'revocation:' + d.user_id, 'revocation:{user_id}');
        fields(d, { id: ['user_id'], int: ['revoked_at'] });
        break;
      case 'lease':
        if (!/^lease:[a-z][a-z0-9-]*$/.test(d._id)) deny('_id must be lease:{name}');
        fields(d, { str: ['holder'], datetime: ['expires_at'] });
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

export default function validate_accounts(newDoc, oldDoc, userCtx, secObj) {
  return rules_accounts(validatorHelpers(FIELD_LIMITS), newDoc, oldDoc, userCtx, secObj);
}
