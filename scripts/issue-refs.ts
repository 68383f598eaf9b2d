// Comments cite the decision records (docs/decisions/, "ADR 027") or docs/limits.md, never an
// issue number or a section of the specification: the issues live in a tracker, and the
// specification in documents, that a reader of the repository does not have, so "see issue N" or
// a section number explains nothing here. The rule of `npm run lint` that holds this: a comment, or a
// test's title, that names an issue is reported, and so is a comment that names the
// specification's documents or a numbered section of one. Strings are not comments and are not
// read.

const ISSUE_REF = /issue \d+/i;
const ISSUE_REFS = new RegExp(ISSUE_REF.source, 'gi');
/**
 * The specification's documents and their numbered sections are not in the repository either: a
 * comment describes the behaviour, or cites an ADR. A section of a document the repository has
 * (`ARCHITECTURE.md section 4`) may be cited.
 */
const SPEC_DOC = /member-and-public|admin-and-forms/gi;
const SECTION_REF = /\bsections? \d+/gi;
const IN_REPO_DOC = /ARCHITECTURE(?:\.md)?[^.;]{0,12}$/;

export interface Comment {
  /** 1-based line the comment starts on. */
  line: number;
  /** Offset of its first character in the source. */
  start: number;
  text: string;
}

/**
 * The comments of a TypeScript, JavaScript or CSS source (CSS has block comments only). String
 * and template literals are skipped, so text in them is never taken for a comment; regular
 * expression literals are not parsed, which at worst misreads a few characters of one line.
 */
export function commentsOf(text: string, css = false): Comment[] {
  const out: Comment[] = [];
  const n = text.length;
  let line = 1;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && text[i + 1] === '/' && !css) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out.push({ line, start: i, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      const body = text.slice(i, stop);
      out.push({ line, start: i, text: body });
      line += body.split('\n').length - 1;
      i = stop;
    } else if (c === '"' || c === "'" || (c === '`' && !css)) {
      i++;
      while (i < n && text[i] !== c) {
        if (text[i] === '\\') {
          if (text[i + 1] === '\n') line++;
          i += 2;
          continue;
        }
        if (text[i] === '\n') {
          line++;
          // Only a template literal spans lines; an unclosed quote (a regex holding one) ends here.
          if (c !== '`') break;
        }
        i++;
      }
      i++;
    } else {
      i++;
    }
  }
  return out;
}

/** The source with its comments removed: what is code, for rules that read only code. */
export function withoutComments(text: string, css = false, keepLines = false): string {
  let code = '';
  let at = 0;
  for (const c of commentsOf(text, css)) {
    code += text.slice(at, c.start);
    if (keepLines) code += c.text.replace(/[^\n]/g, '');
    at = c.start + c.text.length;
  }
  return code + text.slice(at);
}

/** A test's title as written (`describe('…'`, `test.concurrent("…"`); `it.each(rows)('…'` is not read. */
const TEST_TITLE = /\b(?:describe|it|test)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/** What the rule reports for one file: each comment or test title naming an issue, by line. */
export function issueRefProblems(rel: string, text: string): string[] {
  const problems: string[] = [];
  for (const comment of commentsOf(text, rel.endsWith('.css'))) {
    const lineOf = (index: number | undefined) => comment.line + comment.text.slice(0, index).split('\n').length - 1;
    for (const m of comment.text.matchAll(ISSUE_REFS)) {
      problems.push(`${rel}:${lineOf(m.index)}: a comment cites "${m[0]}"; cite the ADR (docs/decisions/) or say why in words`);
    }
    for (const m of comment.text.matchAll(SPEC_DOC)) {
      problems.push(`${rel}:${lineOf(m.index)}: a comment cites the spec's "${m[0]}", which is not in the repository; describe the behaviour or cite the ADR`);
    }
    for (const m of comment.text.matchAll(SECTION_REF)) {
      if (IN_REPO_DOC.test(comment.text.slice(0, m.index))) continue;
      problems.push(`${rel}:${lineOf(m.index)}: a comment cites "${m[0]}" of a document not in the repository; describe the behaviour or cite the ADR`);
    }
  }
  if (rel.endsWith('.css')) return problems;
  for (const m of text.matchAll(TEST_TITLE)) {
    const ref = ISSUE_REF.exec(m[2] ?? '');
    if (ref) {
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(`${rel}:${line}: a test title cites "${ref[0]}"; say what is tested instead`);
    }
  }
  return problems;
}
