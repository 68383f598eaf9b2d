// The validate_doc_update sandbox and the waiter set, without a database.
import { describe, expect, it } from 'vitest';
import { VduCompiler } from '../../couch/src/validate.ts';
import { Waiters } from '../../couch/src/waiters.ts';
import { checkDoc } from '../../couch/src/doc-rules.ts';
import { CouchError } from '../../couch/src/errors.ts';

const ctx = { db: 'x', name: 'u', roles: [] };
const sec = { admins: { names: [], roles: [] }, members: { names: [], roles: [] } };

describe('VduCompiler', () => {
  // Long enough that a loaded machine's pause never times out a function that returns; the one
  // document that loops costs this much once.
  const compiler = new VduCompiler(400);

  it('maps verdicts and keeps going after a document that loops', () => {
    const vdu = compiler.compile(`function (d) {
      if (d.t === 'loop') { while (true) {} }
      if (d.t === 'no') throw { forbidden: 'no' };
      if (d.t === 'who') throw { unauthorized: 'sign in' };
      if (d.t === 'err') throw new TypeError('bad');
    }`);
    const verdicts = vdu.runMany(
      ['ok', 'loop', 'no', 'who', 'err', 'ok'].map((t) => ({ newDoc: { t }, oldDoc: null })),
      ctx,
      sec,
    );
    expect(verdicts).toEqual([
      null,
      { status: 500, error: 'validation_error', reason: 'validate_doc_update timed out' },
      { status: 403, error: 'forbidden', reason: 'no' },
      { status: 401, error: 'unauthorized', reason: 'sign in' },
      { status: 500, error: 'validation_error', reason: 'bad' },
      null,
    ]);
    expect(vdu.runMany([{ newDoc: { t: 'ok' }, oldDoc: null }], ctx, sec)).toEqual([null]);
  });

  it('gives each call its own copies of the arguments', () => {
    const vdu = compiler.compile(`function (d, o, u, s) {
      if (u.roles.length) throw { forbidden: 'roles leaked' };
      u.roles.push('admin'); s.members.roles.push('x'); d.seen = true;
    }`);
    const doc = { t: 1 };
    expect(vdu.runMany([{ newDoc: doc, oldDoc: null }, { newDoc: doc, oldDoc: null }], ctx, sec)).toEqual([null, null]);
    expect(doc).toEqual({ t: 1 });
    expect(sec.members.roles).toEqual([]);
  });

  it('has no way out of its context', () => {
    const vdu = compiler.compile(`function (d) {
      var tries = [
        function () { return typeof process; },
        function () { return typeof require; },
        function () { return d.constructor.constructor('return typeof process')(); },
        function () { return typeof globalThis.process; },
      ];
      var out = [];
      for (var i = 0; i < tries.length; i++) { try { out.push(tries[i]()); } catch (e) { out.push('threw'); } }
      throw { forbidden: out.join(',') };
    }`);
    const [verdict] = vdu.runMany([{ newDoc: {}, oldDoc: null }], ctx, sec);
    expect(verdict).toEqual({ status: 403, error: 'forbidden', reason: 'undefined,undefined,threw,undefined' });
  });

  it('refuses sources that are not a function', () => {
    expect(() => compiler.compile('42')).toThrow(TypeError);
    expect(() => compiler.compile('function (')).toThrow();
  });

  it('shares one compiled copy per source text', () => {
    expect(compiler.compile('function () {}')).toBe(compiler.compile('function () {}'));
  });
});

describe('Waiters', () => {
  it('wakes all, times out, aborts, and closes; nothing stays registered', async () => {
    const w = new Waiters();
    const ac = new AbortController();
    const a = w.wait(10_000);
    const b = w.wait(10_000, ac.signal);
    const c = w.wait(5);
    expect(w.size).toBe(3);
    expect(await c).toBe('timeout');
    ac.abort();
    expect(await b).toBe('aborted');
    w.wakeAll();
    expect(await a).toBe('woken');
    expect(w.size).toBe(0);
    w.close();
    expect(await w.wait(10_000)).toBe('closed');
    expect(w.size).toBe(0);
  });
});

describe('checkDoc', () => {
  it('cleans ignorable fields and refuses the rest', () => {
    expect(checkDoc({ _id: 'a', _conflicts: [], x: 1 }, { replicated: false })).toEqual({ _id: 'a', x: 1 });
    expect(checkDoc({ _id: 'a', _attachments: {} }, { replicated: false })).toEqual({ _id: 'a' });
    for (const bad of [
      { _id: 'a', _attachments: { f: {} } },
      { _id: '_x' },
      { _id: '_design/' },
      { _id: 'a', _rev: '1' },
      { _id: 'a', _rev: '1-a', _revisions: { start: 1, ids: ['b'] } },
      { _id: 'a', _revisions: { start: 0, ids: ['a'] } },
      { _id: 'a', _rev: '3-a', _revisions: { start: 3, ids: ['a', 'b', 'a'] } },
      { _id: 'a', _other: 1 },
    ]) {
      expect(() => checkDoc(bad, { replicated: false }), JSON.stringify(bad)).toThrow(CouchError);
    }
    expect(() => checkDoc({ _id: 'a' }, { replicated: true })).toThrow(CouchError);
    expect(checkDoc({ _id: '_local/x', _rev: '0-3' }, { replicated: true })).toEqual({ _id: '_local/x', _rev: '0-3' });
  });
});
