// ADR 036: the contract has one source. Documents generated from each type's shape are judged by
// the Zod schema and by the installed validate_doc_update (run as the server, so that only the
// shape and the rules between fields speak): both accept every valid one, both refuse every
// document with one thing broken.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import { DOC_TYPES } from '../../design-docs/src/ids.ts';
import { BASES, invalidDoc, validDoc } from '../support/contract-arbitraries.ts';
import { judgeFor, server } from './validate-support.ts';

const RUNS = 60;

describe('every document type is generated', () => {
  it('has a base in some database', () => {
    expect(new Set(BASES.map((b) => b.doc.type))).toEqual(new Set(DOC_TYPES));
  });
});

describe.each(BASES.map((b) => [`${b.doc.type as string} in ${b.kind}`, b] as const))('%s', (_name, { db, kind, doc }) => {
  const judge = judgeFor(db);

  it('valid documents drawn from the shape are accepted by Zod and by the validator', () => {
    fc.assert(
      fc.property(validDoc(kind, doc), (d) => {
        const zod = parseDoc(d);
        expect(zod.success ? null : zod.error, JSON.stringify(d)).toBeNull();
        expect(judge.reason(d, null, server) ?? null, JSON.stringify(d)).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('documents with one thing broken are refused by Zod and by the validator', () => {
    fc.assert(
      fc.property(invalidDoc(kind, doc), ({ doc: d, how }) => {
        expect(parseDoc(d).success, `Zod accepted ${how}`).toBe(false);
        expect(judge(d, null, server), `the validator accepted ${how}`).toBe('forbidden');
      }),
      { numRuns: RUNS },
    );
  });
});
