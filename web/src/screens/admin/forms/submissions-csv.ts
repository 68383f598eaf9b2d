// The CSV export of Form Submissions, made on the device: columns
// Submission ID, User ID, User Name, Date, Status, then one per form field label; string values
// quoted with inner quotes doubled; the file is `{form title}-submissions.csv`.
// Beyond the spec, for spreadsheets: a UTF-8 byte order mark (so accented names open right in
// Excel), CRLF line ends (RFC 4180), and text that a spreadsheet would read as a formula
// prefixed with ' inside the quotes, so a submitted answer cannot run as one (ADR 023).
import { csvAnswer } from './answer-rendering.ts';

export const CSV_BOM = '\uFEFF';
export const CSV_FIXED_COLUMNS = ['Submission ID', 'User ID', 'User Name', 'Date', 'Status'] as const;

/**
 * Whether a spreadsheet could read the text as a formula: it starts with a tab or carriage return,
 * or its first character after any blanks or control characters is = + - or @. Full-width and
 * other compatibility forms (＝ ＋ － ＠, ﹦) count as their plain ones (NFKC).
 */
export function startsFormula(value: string): boolean {
  // Most cells start with an ASCII letter or digit, which no normalisation turns into a formula
  // start: answered without NFKC, which was most of the time of a 10,000-row export.
  if (/^[A-Za-z0-9]/.test(value)) return false;
  if (/^[\t\r]/.test(value)) return true;
  const lead = value.normalize('NFKC').replace(/^[\s\p{Cc}\p{Cf}]+/u, '');
  return /^[=+\-@]/.test(lead);
}

/** One cell: strings quoted (inner quotes doubled, formula starts neutralised), numbers bare. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = startsFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export interface CsvSubmission {
  id: string;
  userid: string;
  createdat: string;
  status: string;
  data: Record<string, unknown>;
}

/**
 * The whole file's text in one pass (10,000 rows within 2 s): `nameOf` gives the submitter's
 * name, `statusOf` the status shown (staged changes included).
 */
export function buildSubmissionsCsv(
  fieldLabels: readonly string[],
  submissions: readonly CsvSubmission[],
  nameOf: (userId: string) => string,
  statusOf: (sub: CsvSubmission) => string = (s) => s.status,
): string {
  const lines: string[] = [];
  lines[0] = [...CSV_FIXED_COLUMNS, ...fieldLabels].map(csvCell).join(',');
  for (let i = 0; i < submissions.length; i++) {
    const s = submissions[i] as CsvSubmission;
    const cells = [csvCell(s.id), csvCell(s.userid), csvCell(nameOf(s.userid)), csvCell(s.createdat), csvCell(statusOf(s))];
    for (const label of fieldLabels) cells.push(csvCell(csvAnswer(s.data?.[label])));
    lines[i + 1] = cells.join(',');
  }
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

/** `{form title}-submissions.csv`, with the characters no file name may hold replaced by _. */
export function csvFileName(formTitle: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const title = formTitle.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim() || 'form';
  return `${title}-submissions.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
