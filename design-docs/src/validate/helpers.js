// The helpers every validator uses. CouchDB installs a validator's source alone, so
// design-docs.ts composes this function's source into each installed validate_doc_update;
// the validators call it directly when imported. Plain ES5, no imports, no closures over the module.
export default function validatorHelpers(LIMITS) {
  function deny(reason) {
    throw { forbidden: reason };
  }
  function has(list, item) {
    return Array.isArray(list) && list.indexOf(item) !== -1;
  }
  function absent(v) {
    return v === undefined || v === null;
  }
  var KINDS = {
    str: function (v) { return typeof v === 'string' && /\S/.test(v); },
    text: function (v) { return typeof v === 'string'; },
    id: function (v) { return typeof v === 'string' && /^[^:\s]+$/.test(v); },
    num: function (v) { return typeof v === 'number' && isFinite(v); },
    int: function (v) { return typeof v === 'number' && isFinite(v) && Math.floor(v) === v; },
    bool: function (v) { return v === true || v === false; },
    date: function (v) { return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v); },
    time: function (v) { return typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v); },
    datetime: function (v) {
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v);
    },
    when: function (v) { return KINDS.date(v) || KINDS.datetime(v); },
    list: function (v) { return Array.isArray(v); },
    obj: function (v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
  };
  var WORDS = {
    str: 'a non-empty string', text: 'a string', id: 'an id without colons or spaces', num: 'a number',
    int: 'a whole number', bool: 'true or false', date: 'a date (YYYY-MM-DD)', time: 'a time (HH:MM)',
    datetime: 'an ISO 8601 date-time', when: 'a date or an ISO 8601 date-time', list: 'a list', obj: 'an object'
  };
  // rules map a kind to field names; a kind written '?kind' also accepts a missing or null value.
  function fields(doc, rules, where) {
    var key, kind, optional, names, i, v;
    for (key in rules) {
      if (!Object.prototype.hasOwnProperty.call(rules, key)) continue;
      optional = key.charAt(0) === '?';
      kind = optional ? key.slice(1) : key;
      names = rules[key];
      for (i = 0; i < names.length; i++) {
        v = doc[names[i]];
        if (optional && absent(v)) continue;
        if (!KINDS[kind](v)) deny((where || '') + names[i] + ' must be ' + WORDS[kind]);
      }
    }
  }
  function oneOf(doc, name, values, optional) {
    if (optional && absent(doc[name])) return;
    if (!has(values, doc[name])) deny(name + ' must be one of ' + values.join(', '));
  }
  function items(doc, name, rules) {
    var list = doc[name], i;
    if (absent(list)) return;
    if (!Array.isArray(list)) deny(name + ' must be a list');
    for (i = 0; i < list.length; i++) {
      if (!KINDS.obj(list[i])) deny(name + '[' + i + '] must be an object');
      fields(list[i], rules, name + '[' + i + '].');
    }
  }
  // Links end up in href and src: only http(s) or scheme-less values (paths, file names) are allowed.
  function safeLink(v) {
    var compact, scheme;
    if (absent(v)) return true;
    if (typeof v !== 'string') return false;
    compact = v.replace(/[\u0000-\u0020\u007f]/g, '');
    scheme = /^([a-z][a-z0-9+.\-]*):/i.exec(compact);
    return !scheme || /^https?$/i.test(scheme[1]);
  }
  function links(doc, where, deep) {
    var key, v, i;
    for (key in doc) {
      if (!Object.prototype.hasOwnProperty.call(doc, key)) continue;
      v = doc[key];
      if (/_url$/.test(key) || key === 'buttonlink') {
        if (!safeLink(v)) deny((where || '') + key + ' must be an http(s) link');
      } else if (deep && Array.isArray(v)) {
        for (i = 0; i < v.length; i++) if (KINDS.obj(v[i])) links(v[i], key + '[' + i + '].', false);
      }
    }
  }
  function same(a, b) {
    var ka, kb, i;
    if (a === b) return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    ka = Object.keys(a);
    kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (i = 0; i < ka.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[i]) || !same(a[ka[i]], b[ka[i]])) return false;
    }
    return true;
  }
  // Revision bookkeeping differs between any two revisions, so it is never a "change".
  function changed(before, after) {
    var out = [], seen = {}, all = Object.keys(before).concat(Object.keys(after)), i, k;
    for (i = 0; i < all.length; i++) {
      k = all[i];
      if (seen[k] || k === '_rev' || k === '_revisions') continue;
      seen[k] = true;
      if (!same(before[k], after[k])) out.push(k);
    }
    return out;
  }
  function onlyChanged(before, after, allowed, what) {
    var diff = changed(before, after), i;
    for (i = 0; i < diff.length; i++) if (!has(allowed, diff[i])) deny(what + ' (' + diff[i] + ')');
  }
  function unchanged(before, after, names, what) {
    for (var i = 0; i < names.length; i++) if (!same(before[names[i]], after[names[i]])) deny(what + ' ' + names[i]);
  }
  function hasBody(doc) {
    for (var key in doc) if (Object.prototype.hasOwnProperty.call(doc, key) && key.charAt(0) !== '_') return true;
    return false;
  }
  function typedId(doc, types) {
    if (!has(types, doc.type)) deny('This database does not hold documents of type ' + doc.type);
    var prefix = doc.type + ':';
    if (typeof doc._id !== 'string' || doc._id.indexOf(prefix) !== 0 || doc._id.length === prefix.length) {
      deny('_id must start with ' + prefix);
    }
  }
  function exactId(doc, expected, shape) {
    if (doc._id !== expected) deny('_id must be ' + shape);
  }
  function generatedId(doc) {
    if (!/^[^:\s]+$/.test(doc._id.slice(doc.type.length + 1))) deny('_id must be ' + doc.type + ':{id}');
  }
  // Who is writing: CouchDB passes userCtx (null-safe here for direct calls).
  function actor(userCtx) {
    var ctx = userCtx || { name: null, roles: [] };
    var roles = ctx.roles || [];
    return { me: ctx.name, roles: roles, isServer: has(roles, '_admin'), isAdmin: has(roles, 'admin') };
  }
  // Every database: anonymous writers are told to sign in, and design documents are the
  // server's. True when the server writes a design document: nothing more to check.
  function gate(newDoc, who) {
    if (!who.isServer && !who.me) throw { unauthorized: 'Please sign in' };
    if (typeof newDoc._id === 'string' && newDoc._id.indexOf('_design/') === 0) {
      if (who.isServer) return true;
      deny('Only the server may change design documents');
    }
    return false;
  }
  // Every string, list and object of a document within FIELD_LIMITS (design-docs/field-limits.js),
  // walked without recursion so that no document can exhaust the stack.
  function bounded(doc) {
    var L = LIMITS, stack = [[doc, '', '']], top, v, key, where, keys, max, i;
    if (!L) return;
    while (stack.length > 0) {
      top = stack.pop();
      v = top[0];
      key = top[1];
      where = top[2];
      if (typeof v === 'string') {
        max = key === '_id' ? L.id : /_url$/.test(key) || has(L.linkFields, key) ? L.url : has(L.shortFields, key) ? L.short : L.text;
        if (v.length > max) deny(where + ' must be at most ' + max + ' characters');
      } else if (Array.isArray(v)) {
        if (v.length > L.list) deny(where + ' may hold at most ' + L.list + ' entries');
        for (i = 0; i < v.length; i++) stack.push([v[i], key, where + '[' + i + ']']);
      } else if (v !== null && typeof v === 'object') {
        keys = Object.keys(v);
        if (keys.length > L.keys) deny((where || 'A document') + ' may hold at most ' + L.keys + ' fields');
        for (i = 0; i < keys.length; i++) {
          // Revision bookkeeping (_revisions, _rev) is bounded by the server, not by fields.
          if (where === '' && keys[i].charAt(0) === '_' && keys[i] !== '_id') continue;
          if (keys[i].length > L.short) deny((where || 'A document') + ' has a field name longer than ' + L.short + ' characters');
          stack.push([v[keys[i]], keys[i], where ? where + '.' + keys[i] : keys[i]]);
        }
      }
    }
  }
  // A reported chat message (issue 13), the same in the reporter's userdb and in reports.
  // REPORT_REASONS of constants.ts (a unit test keeps the two lists equal).
  var REPORT_REASONS = ['Spam', 'Harassment', 'Hate speech', 'Inappropriate content', 'Other'];
  function wellFormedReport(d) {
    typedId(d, ['report']);
    fields(d, {
      id: ['id', 'reporter_id', 'message_sender_id'], str: ['message_id'], text: ['message_content'],
      bool: ['message_is_public'], datetime: ['created_at'], '?text': ['details']
    });
    exactId(d, 'report:' + d.id, 'report:{id}');
    if (d.message_id.indexOf('message:') !== 0) deny('message_id must be a message id');
    oneOf(d, 'reason', REPORT_REASONS);
    if (!absent(d.details) && d.details.length > 500) deny('details must be at most 500 characters');
    if (d.reporter_id === d.message_sender_id) deny('You cannot report your own message');
  }
  // Who changed what (issue 14): an admin's write names the admin and when. The at argument is the
  // document's own time field (forms and submissions say updatedat, the spec's name).
  function stamped(doc, who, at) {
    var field = at || 'updated_at';
    if (absent(doc.updated_by)) deny("An admin's change must carry updated_by (your user id)");
    if (doc.updated_by !== who.me) deny('updated_by must be your own user id');
    if (!KINDS.datetime(doc[field])) deny("An admin's change must carry " + field + ' (an ISO 8601 date-time)');
  }
  // A deletion needs something to delete (issue 8): a tombstone for a document this database
  // never held, or holds deleted, would only be downloaded by every device.
  var NOTHING_TO_DELETE = 'There is nothing to delete: this document is not stored here';
  return {
    bounded: bounded,
    wellFormedReport: wellFormedReport,
    stamped: stamped,
    REPORT_REASONS: REPORT_REASONS,
    NOTHING_TO_DELETE: NOTHING_TO_DELETE,
    deny: deny,
    has: has,
    absent: absent,
    fields: fields,
    oneOf: oneOf,
    items: items,
    safeLink: safeLink,
    links: links,
    same: same,
    changed: changed,
    onlyChanged: onlyChanged,
    unchanged: unchanged,
    hasBody: hasBody,
    typedId: typedId,
    exactId: exactId,
    generatedId: generatedId,
    actor: actor,
    gate: gate,
    KINDS: KINDS,
    WORDS: WORDS
  };
}
