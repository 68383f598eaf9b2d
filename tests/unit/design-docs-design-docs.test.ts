import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SHARED_DATABASES, securityFor, userDbName } from '../../design-docs/src/databases.ts';
import { DESIGN_VERSION, SERVER_ONLY_INDEX_PREFIX, designDocFor, indexesFor, shapesFor, validatorSource } from '../../design-docs/src/design-docs.ts';
import { databaseKind } from '../../design-docs/src/databases.ts';
import { admin, chatMessage, member, server, visitor } from './validate-support.ts';

const DBS = [...SHARED_DATABASES, userDbName('u1')];

describe('designDocFor', () => {
  it.each(DBS)('gives %s a versioned _design/fete with its validator source', (db) => {
    const ddoc = designDocFor(db);
    expect(Object.keys(ddoc)).toEqual(['_id', 'version', 'validate_doc_update']);
    expect(ddoc._id).toBe('_design/fete');
    expect(ddoc.version).toBe(DESIGN_VERSION);
    expect(Number.isInteger(DESIGN_VERSION) && DESIGN_VERSION > 0).toBe(true);
    expect(ddoc.validate_doc_update).toBe(validatorSource(db));
    expect(ddoc.validate_doc_update).toContain('function validatorHelpers(LIMITS, SHAPES)');
    // The shapes generated from the Zod schemas are installed with it (ADR 036).
    expect(ddoc.validate_doc_update).toContain(JSON.stringify(shapesFor(databaseKind(db)!)));
    expect(JSON.parse(JSON.stringify(ddoc))).toEqual(ddoc);
  });

  it.each(DBS)('installs a %s validator that evaluates on its own, as CouchDB and new Function do', (db) => {
    const src = designDocFor(db).validate_doc_update;
    const viaFunction = new Function(`return (${src})`)() as (...a: unknown[]) => void;
    const inBareContext = vm.runInNewContext(`(${src})`, Object.create(null)) as (...a: unknown[]) => void;
    expect(typeof viaFunction).toBe('function');
    expect(typeof inBareContext).toBe('function');
    expect(viaFunction.length).toBe(4);
    // A visitor is refused everywhere: the function ran to its first rule without a missing name.
    const doc = { _id: 'x:1', type: 'x' };
    for (const fn of [viaFunction, inBareContext]) {
      expect(() => fn(doc, null, visitor, securityFor(db))).toThrow(expect.objectContaining({ unauthorized: expect.any(String) }));
    }
  });

  it('gives each kind of database its own rules', () => {
    const sources = new Set(DBS.map((db) => designDocFor(db).validate_doc_update));
    expect(sources.size).toBe(DBS.length);
    expect(designDocFor(userDbName('u2')).validate_doc_update).toBe(designDocFor(userDbName('u1')).validate_doc_update);
  });

  it('keeps the same behaviour once installed (chat sample)', () => {
    const fn = new Function(`return (${designDocFor('chat').validate_doc_update})`)() as (...a: unknown[]) => void;
    const sec = securityFor('chat');
    expect(() => fn(chatMessage(), null, member, sec)).not.toThrow();
    expect(() => fn(chatMessage(), null, admin, sec)).toThrow(expect.objectContaining({ forbidden: expect.any(String) }));
    expect(() => fn({ ...chatMessage(), content: 'x' }, chatMessage(), server, sec)).not.toThrow();
  });

  it('refuses unknown databases', () => {
    expect(() => designDocFor('nope')).toThrow(/unknown database/);
    expect(() => indexesFor('userdb-zz')).toThrow(/unknown database/);
  });
});

describe('validator sources', () => {
  // CouchDB's JavaScript engines and our vm context get the source alone: ES5-style syntax and
  // no reference to anything outside the function.
  it.each(DBS.slice(0, SHARED_DATABASES.length + 1))('%s uses ES5-style syntax only', (db) => {
    // The shapes are data (JSON), whose regular expressions may hold any character.
    const src = designDocFor(db).validate_doc_update.replace(JSON.stringify(shapesFor(databaseKind(db)!)), '{}');
    expect(src).toMatch(/^function \(newDoc, oldDoc, userCtx, secObj\) \{/);
    for (const banned of [/=>/, /`/, /\?\./, /\?\?/, /\.\.\./, /\blet\s/, /\bconst\s/, /\bclass\s/, /\bimport\b/, /\brequire\(/]) {
      expect(src).not.toMatch(banned);
    }
  });
});

describe('indexesFor', () => {
  it.each(DBS)('gives %s well-formed Mango indexes', (db) => {
    for (const idx of indexesFor(db)) {
      expect(idx.type).toBe('json');
      expect(idx.ddoc).toBe(`idx-${idx.name}`);
      expect(idx.index.fields.length).toBeGreaterThan(0);
    }
    const names = indexesFor(db).map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('indexes the lookups the screens make', () => {
    const fields = (db: string) => indexesFor(db).map((i) => i.index.fields.join('+'));
    expect(fields('members')).toEqual(expect.arrayContaining(['user_id', 'type+target_id']));
    expect(fields('chat')).toEqual(['created_at', 'sender_id']);
    expect(fields(userDbName('u1'))).toEqual(['type']);
    expect(fields('submissions')).toEqual(expect.arrayContaining(['formid+createdat', 'userid']));
    expect(fields('receipts')).toEqual(['user_id+receipt_date']);
    expect(fields('accounts')).toEqual(['user_id', 'check_after']);
    // Event reminders page through a local date's events and bands by id (ADR 053).
    expect(fields('catalog')).toEqual(['type+date+_id', 'type+start_date+_id']);
    expect(indexesFor('catalog').every((i) => i.ddoc.startsWith(SERVER_ONLY_INDEX_PREFIX))).toBe(true);
  });

  it('hands out copies, so a caller cannot change the next answer', () => {
    indexesFor('chat')[0]!.index.fields.push('x');
    expect(indexesFor('chat')[0]!.index.fields).toEqual(['created_at']);
  });
});
