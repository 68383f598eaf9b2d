// The comment rule of `npm run lint` (scripts/issue-refs.ts): a planted issue number in a comment
// or a test title is reported with its line, an ADR citation and a string pass.
import { describe, expect, it } from 'vitest';
import { commentsOf, issueRefProblems } from '../../scripts/issue-refs.ts';

const ISSUE = 'Issue';

describe('the issue-number rule', () => {
  it('reports a line comment and a block comment naming an issue, at their lines', () => {
    const text = [
      `// ${ISSUE} 8, finding 9: every response carries the headers.`,
      'const a = 1;',
      '/**',
      ` * Who changed what (${ISSUE.toLowerCase()} 14).`,
      ' */',
      `export const b = 2; // and (${ISSUE} 26) at the end of a line`,
    ].join('\n');
    const problems = issueRefProblems('sync-server/src/x.ts', text);
    expect(problems).toEqual([
      expect.stringContaining(`sync-server/src/x.ts:1: a comment cites "${ISSUE} 8"`),
      expect.stringContaining(`sync-server/src/x.ts:4: a comment cites "${ISSUE.toLowerCase()} 14"`),
      expect.stringContaining(`sync-server/src/x.ts:6: a comment cites "${ISSUE} 26"`),
    ]);
  });

  it('reports every mention of one comment, and CSS comments', () => {
    const text = `/* Phones (${ISSUE} 10):\n   a 44 px icon button (${ISSUE} 25). */\n.a { content: '${ISSUE} 3'; }`;
    expect(issueRefProblems('web/src/x.css', text)).toEqual([
      expect.stringContaining('web/src/x.css:1:'),
      expect.stringContaining('web/src/x.css:2:'),
    ]);
  });

  it('reports a test title naming an issue', () => {
    const text = `describe('putExclusive on a cluster (${ISSUE} 23)', () => {\n  it.concurrent("bounds (${ISSUE} 8)", () => {});\n});`;
    expect(issueRefProblems('tests/unit/x.test.ts', text)).toEqual([
      expect.stringContaining('tests/unit/x.test.ts:1: a test title cites'),
      expect.stringContaining('tests/unit/x.test.ts:2: a test title cites'),
    ]);
  });

  it('passes ADR citations, issue numbers inside strings, and words without a number', () => {
    const text = [
      '// Every response carries the security headers (ADR 012), so the app cannot be framed.',
      '/* The ADRs say which issue each came from; the code cites the ADR. */',
      `const message = 'see ${ISSUE} 8 // not a comment';`,
      `const url = "https://example.test/${ISSUE.toLowerCase()} 9/*";`,
      `const t = \`multi-line\n${ISSUE} 21 // still the template\`;`,
      "describe('the same request bounds on both backends', () => {});",
    ].join('\n');
    expect(issueRefProblems('tests/integration/x.test.ts', text)).toEqual([]);
  });

  it('finds comments past strings, templates and escaped quotes, with their lines', () => {
    const text = "const a = 'it\\'s // no';\n// one\nconst b = `x\n/* no */ y`; /* two\nlines */\nconst c = \"//\"; // three";
    expect(commentsOf(text).map((c) => [c.line, c.text])).toEqual([
      [2, '// one'],
      [4, '/* two\nlines */'],
      [6, '// three'],
    ]);
  });
});

describe('the specification-section rule', () => {
  const DOC = 'member-and-public';
  it('reports a comment naming the specification\'s documents or a numbered section of one, at its line', () => {
    const text = [
      `// The bell (${DOC} section 2): the five latest submissions.`,
      'const a = 1;',
      '/**',
      ' * Section 7: by date, newest first.',
      ' */',
      `export const b = 2; // the ${'admin-and-forms'} texts`,
      '/* as the spec says (sections 4 and 9) */',
    ].join('\n');
    const problems = issueRefProblems('web/src/x.ts', text);
    expect(problems).toEqual([
      expect.stringContaining(`web/src/x.ts:1: a comment cites the spec's "${DOC}"`),
      expect.stringContaining('web/src/x.ts:1: a comment cites "section 2"'),
      expect.stringContaining('web/src/x.ts:4: a comment cites "Section 7"'),
      expect.stringContaining('web/src/x.ts:6: a comment cites the spec\'s "admin-and-forms"'),
      expect.stringContaining('web/src/x.ts:7: a comment cites "sections 4"'),
    ]);
  });

  it('lets a comment cite a section of a document the repository has, and never reads strings', () => {
    const text = [
      '// What replicates how (ARCHITECTURE section 3).',
      '/** Second-level paths a client may use (ARCHITECTURE.md section 1). */',
      `const text = 'Frontline, section 4. See you at ${DOC}';`,
    ].join('\n');
    expect(issueRefProblems('web/src/x.ts', text)).toEqual([]);
  });
});
