// The docs-drift rule of `npm run lint` (scripts/docs-drift.ts): a file added to web/src/data,
// couch/src or scripts without its line in the docs, an ADR without its index row, and ARCHITECTURE's ADR
// range behind the last ADR are each reported; a doc that names them all passes.
import { describe, expect, it } from 'vitest';
import { docsDriftProblems, names, sectionOf } from '../../scripts/docs-drift.ts';

const ARCH = [
  '# Fete architecture',
  '### couch/src',
  'One folder: `embedded.ts`, `routes-*.ts` (server, database), `fast-find-reads.ts`.',
  '### design-docs/src',
  'Mentions `reads.ts` here, outside the section.',
  '| `scripts/` | `lint.ts` and its rules (`docs-drift.ts`) |',
  '| `docs/decisions/` | the ADRs, 001 to 002 (index) |',
].join('\n');

const GOOD = {
  dataFiles: ['index.ts', 'react.ts'],
  dataReadme: '| `index.ts` | wires |\n| `react.ts`, `store.ts` | bindings |',
  couchFiles: ['embedded.ts', 'routes-db.ts', 'routes-find.ts', 'fast-find-reads.ts'],
  architecture: ARCH,
  scriptFiles: ['lint.ts', 'docs-drift.ts'],
  adrFiles: ['001-a.md', '002-b.md', 'README.md'],
  adrIndex: '| 001 | [A](001-a.md) |\n| 002 | [B](002-b.md) |',
};

describe('the docs-drift rule', () => {
  it('passes docs that name every file and ADR', () => {
    expect(docsDriftProblems(GOOD)).toEqual([]);
  });

  it('reports a data file, a couch file, an ADR row and the ADR range that drifted', () => {
    const problems = docsDriftProblems({
      ...GOOD,
      dataFiles: [...GOOD.dataFiles, 'sliced-writes.ts'],
      couchFiles: [...GOOD.couchFiles, 'reads.ts'],
      scriptFiles: [...GOOD.scriptFiles, 'test-all.ts'],
      adrFiles: [...GOOD.adrFiles, '003-c.md'],
    });
    expect(problems).toEqual([
      'web/src/data/README.md: no line for sliced-writes.ts',
      'docs/ARCHITECTURE.md: the couch/src section does not name reads.ts',
      'docs/ARCHITECTURE.md: the scripts/ row does not name test-all.ts',
      'docs/decisions/README.md: no row for 003-c.md',
      'docs/ARCHITECTURE.md: says "the ADRs, 001 to 002", the last is 003',
    ]);
  });

  it('reads a name whole, a backticked pattern, and only the section asked for', () => {
    expect(names('`fast-find-reads.ts`', 'reads.ts')).toBe(false);
    expect(names('`reads.ts` and more', 'reads.ts')).toBe(true);
    expect(names('the `routes-*.ts` files', 'routes-bulk.ts')).toBe(true);
    expect(names('the `routes-*.ts` files', 'writes.ts')).toBe(false);
    expect(sectionOf(ARCH, 'couch/src')).not.toContain('reads.ts` here');
    expect(docsDriftProblems({ ...GOOD, architecture: 'no sections' })).toContain('docs/ARCHITECTURE.md: no "couch/src" section');
  });
});
