// The helpers every validator uses. CouchDB installs a validator's source alone, so
// design-docs.ts composes this function's source into each installed validate_doc_update;
// the validators call it directly when imported. Plain ES5, no imports, no closures over the module.
// SHAPES are the documents' shapes generated from the Zod schemas (design-docs/src/shapes.ts).
export default function validatorHelpers(LIMITS, SHAPES) {
  function deny(reason) {
    throw { forbidden: reason };
  }
  function has(list, item) {
    return Array.isArray(list) && list.indexOf(item) !== -1;
  }
  function absent(v) {
    return v === undefined || v === null;
  }
  function isDateTime(v) {
    return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v);
  }
  // Links end up in href and src: only http(s) or scheme-less values (paths, file names) are allowed.
  function safeLink(v) {
    var compact, scheme;
    if (absent(v)) return true;
    if (typeof v !== 'string') return false;
    // oxlint-disable-next-line no-control-regex -- control characters and spaces are what is removed
    compact = v.replace(/[\u0000-\u0020\u007f]/g, '');
    scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
    return !scheme || /^https?$/i.test(scheme[1]);
  }
  // Images are fetched by every viewer's browser, so they come from this server (an upload's
  // bucket path, or a path under /uploads/) or from a host the operator lists (IMAGE_HOSTS, docs/limits.md):
  // any other host would learn the address of everyone who looks (ADR 036).
  function imageLink(v) {
    var parts, i, m;
    if (typeof v !== 'string') return false;
    if (v === '') return true;
    if (/^https?:\/\//i.test(v)) {
      m = /^https?:\/\/([A-Za-z0-9.-]+)(:\d+)?(?:[/?#]|$)/.exec(v);
      return !!m && has((SHAPES && SHAPES.imageHosts) || [], m[1].toLowerCase());
    }
    // oxlint-disable-next-line no-control-regex -- a link holding a control character is refused
    if (/^[a-z][a-z0-9+.-]*:/i.test(v) || v.indexOf('\\') !== -1 || /[\u0000-\u0020\u007f]/.test(v)) return false;
    if (v.charAt(0) === '/') {
      if (v.indexOf('/uploads/') !== 0) return false;
      v = v.slice('/uploads/'.length);
    }
    parts = v.split('/');
    for (i = 0; i < parts.length; i++) if (parts[i] === '' || parts[i] === '.' || parts[i] === '..') return false;
    return true;
  }
  // A stamp's instant in milliseconds, NaN when it is not an ISO 8601 date-time. Parsed here:
  // Date.parse of ISO forms differs between JavaScript engines (V8, SpiderMonkey, QuickJS).
  function stampMs(v) {
    var m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(v) : null;
    var t;
    if (!m) return NaN;
    t = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0, m[7] ? Math.floor(parseFloat(m[7]) * 1000) : 0);
    if (m[8] !== 'Z') t -= (m[9] === '-' ? -1 : 1) * (+m[10] * 60 + +m[11]) * 60000;
    return t;
  }
  var AHEAD_MS = LIMITS && typeof LIMITS.stampAheadMs === 'number' ? LIMITS.stampAheadMs : 600000;
  // A "when this was written" stamp is not ahead of this server's clock by more than
  // LIMITS.stampAheadMs (ADR 054): a document dated in the future would sort above every real one.
  function notAhead(v) {
    return !(stampMs(v) > Date.now() + AHEAD_MS);
  }
  // Field refinements of the schemas that have an ES5 twin (FIELD_CHECKS of schemas/common.ts).
  var CHECKS = {
    link: function (v) { return safeLink(v); },
    image: imageLink,
    stamp: notAhead
  };
  var CHECK_WORDS = {
    link: 'an http(s) link or a path',
    image: 'an image uploaded to Fete (or on an approved image host)',
    stamp: 'no more than ' + Math.round(AHEAD_MS / 60000) + " minutes ahead of the server's clock (check this device's date and time)"
  };
  var compiled = [];
  function pattern(i) {
    return compiled[i] || (compiled[i] = new RegExp(SHAPES.patterns[i]));
  }
  function isObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  }
  function describe(node) {
    switch (node.t) {
      case 's': return node.w || 'a string';
      case 'n': return 'a number';
      case 'i': return 'a whole number';
      case 'b': return 'true or false';
      case 'z': return 'null';
      case 'e': return node.v.length === 1 ? JSON.stringify(node.v[0]) : 'one of ' + node.v.join(', ');
      case 'a': return 'a list';
      case 'o': case 'r': return 'an object';
      case 'u': return describe(node.of[0]) + (node.of.length === 2 && node.of[1].t === 'z' ? ' or null' : '');
    }
    return 'something else';
  }
  function numberProblem(node, v, where) {
    if (typeof v !== 'number' || !isFinite(v)) return where + ' must be ' + describe(node);
    if (node.t === 'i' && (Math.floor(v) !== v || Math.abs(v) > 9007199254740991)) return where + ' must be a whole number';
    if ((node.ge !== undefined && v < node.ge) || (node.gt !== undefined && v <= node.gt) ||
        (node.le !== undefined && v > node.le) || (node.lt !== undefined && v >= node.lt)) {
      return where + ' must be ' + (node.gt !== undefined ? 'more than ' + node.gt : node.ge !== undefined ? 'at least ' + node.ge : 'a number') +
        (node.le !== undefined ? ' and at most ' + node.le : node.lt !== undefined ? ' and less than ' + node.lt : '');
    }
    return null;
  }
  function stringProblem(node, v, where) {
    var s, i;
    if (typeof v !== 'string') return where + ' must be ' + describe(node);
    s = node.tr ? v.trim() : v;
    if (node.n !== undefined && s.length < node.n) return where + (node.n === 1 ? ' must not be empty' : ' must be at least ' + node.n + ' characters');
    if (node.x !== undefined && s.length > node.x) return where + ' must be at most ' + node.x + ' characters';
    if (node.p) for (i = 0; i < node.p.length; i++) if (!pattern(node.p[i]).test(s)) return where + ' must be ' + (node.w || 'in the expected format');
    if (node.c) for (i = 0; i < node.c.length; i++) if (!CHECKS[node.c[i]](s)) return where + ' must be ' + CHECK_WORDS[node.c[i]];
    return null;
  }
  function objectProblem(node, v, where, top) {
    var key, i, problem, names = node.p;
    if (!isObject(v)) return (where || 'A document') + ' must be an object';
    for (key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key) || Object.prototype.hasOwnProperty.call(names, key)) continue;
      // Revision bookkeeping (_revisions, _deleted) is the database's; CouchDB refuses other underscore fields itself.
      if (top && key.charAt(0) === '_') continue;
      return (where ? where + '.' : '') + key + ' is not a field of ' + (top ? 'a ' + v.type : where);
    }
    for (i = 0; i < node.r.length; i++) {
      if (v[node.r[i]] === undefined) return (where ? where + '.' : '') + node.r[i] + ' is required';
    }
    for (key in names) {
      if (!Object.prototype.hasOwnProperty.call(names, key) || v[key] === undefined) continue;
      problem = shapeProblem(names[key], v[key], where ? where + '.' + key : key);
      if (problem) return problem;
    }
    return null;
  }
  // Null when the value fits the node, else what is wrong with it (no throw: unions try each).
  function shapeProblem(node, v, where) {
    var i, key, problem, first;
    switch (node.t) {
      case '*': return null;
      case 'z': return v === null ? null : where + ' must be null';
      case 'b': return v === true || v === false ? null : where + ' must be true or false';
      case 'e': return has(node.v, v) ? null : where + ' must be ' + describe(node);
      case 'n': case 'i': return numberProblem(node, v, where);
      case 's': return stringProblem(node, v, where);
      case 'a':
        if (!Array.isArray(v)) return where + ' must be a list';
        if (node.n !== undefined && v.length < node.n) return where + ' must hold at least ' + node.n + (node.n === 1 ? ' entry' : ' entries');
        if (node.x !== undefined && v.length > node.x) return where + ' may hold at most ' + node.x + ' entries';
        for (i = 0; i < v.length; i++) {
          problem = shapeProblem(node.of, v[i], where + '[' + i + ']');
          if (problem) return problem;
        }
        return null;
      case 'o': return objectProblem(node, v, where, false);
      case 'r':
        if (!isObject(v)) return where + ' must be an object';
        for (key in v) {
          if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
          problem = shapeProblem(node.k, key, where + ' key ' + JSON.stringify(key)) || shapeProblem(node.of, v[key], where + '.' + key);
          if (problem) return problem;
        }
        return null;
      case 'u':
        for (i = 0; i < node.of.length; i++) {
          problem = shapeProblem(node.of[i], v, where);
          if (!problem) return null;
          if (i === 0) first = problem;
        }
        return first;
    }
    return where + ' cannot be checked';
  }
  // The document has the shape of its type's Zod schema: no unknown field, every value in range.
  function shaped(doc) {
    var node = SHAPES && Object.prototype.hasOwnProperty.call(SHAPES.types, doc.type) ? SHAPES.types[doc.type] : null;
    var problem;
    if (!node) deny('This database does not hold documents of type ' + doc.type);
    problem = objectProblem(node, doc, '', true);
    if (problem) deny(problem);
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
  // The document's shape, and an _id that starts with its type.
  function typedId(doc) {
    shaped(doc);
    var prefix = doc.type + ':';
    if (typeof doc._id !== 'string' || doc._id.indexOf(prefix) !== 0 || doc._id.length === prefix.length) {
      deny('_id must start with ' + prefix);
    }
  }
  function messageId(d) {
    var prefix = 'message:' + d.created_at + ':';
    if (d._id.indexOf(prefix) !== 0 || !/^[^:\s]+$/.test(d._id.slice(prefix.length))) deny('_id must be message:{created_at}:{rand}');
  }
  // A receipt's balance follows its amounts (schemas/receipt.ts); missing amount_paid means paid in full.
  function balanced(r) {
    var paid = absent(r.amount_paid) ? r.amount : r.amount_paid;
    if (Math.abs(r.balance_owed - Math.round((r.amount - paid) * 100) / 100) >= 0.005) deny('Balance must equal amount minus amount paid');
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
  // A reported chat message (ADR 024), the same in the reporter's userdb and in reports.
  function wellFormedReport(d) {
    typedId(d);
    exactId(d, 'report:' + d.id, 'report:{id}');
    if (d.reporter_id === d.message_sender_id) deny('You cannot report your own message');
  }
  // Who changed what (ADR 030): an admin's write names the admin and when. The at argument is the
  // document's own time field (forms and submissions say updatedat, the spec's name).
  function stamped(doc, who, at) {
    var field = at || 'updated_at';
    if (absent(doc.updated_by)) deny("An admin's change must carry updated_by (your user id)");
    if (doc.updated_by !== who.me) deny('updated_by must be your own user id');
    if (!isDateTime(doc[field])) deny("An admin's change must carry " + field + ' (an ISO 8601 date-time)');
  }
  // A deletion needs something to delete (ADR 014): a tombstone for a document this database
  // never held, or holds deleted, would only be downloaded by every device.
  var NOTHING_TO_DELETE = 'There is nothing to delete: this document is not stored here';
  // A deleted catalogue id is not free for the taking (ADR 035, ADR 054): the same words as the gateway's.
  var DELETED_ID = 'This id belonged to something that was deleted; only an admin may use it again';
  return {
    bounded: bounded,
    wellFormedReport: wellFormedReport,
    stamped: stamped,
    NOTHING_TO_DELETE: NOTHING_TO_DELETE,
    DELETED_ID: DELETED_ID,
    deny: deny,
    has: has,
    absent: absent,
    shaped: shaped,
    shapeProblem: shapeProblem,
    imageLink: imageLink,
    safeLink: safeLink,
    notAhead: notAhead,
    stampMs: stampMs,
    same: same,
    changed: changed,
    onlyChanged: onlyChanged,
    unchanged: unchanged,
    hasBody: hasBody,
    typedId: typedId,
    exactId: exactId,
    messageId: messageId,
    balanced: balanced,
    generatedId: generatedId,
    actor: actor,
    gate: gate
  };
}
