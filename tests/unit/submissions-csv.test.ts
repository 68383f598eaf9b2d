// The submissions CSV (the spec's columns, plus the safety additions): the columns, strings
// quoted with inner quotes doubled, commas and line breaks kept inside a cell, non-ASCII kept,
// a UTF-8 BOM, formula starts neutralised with a leading ', and the file name. The text is
// parsed back with an RFC 4180 parser written here to prove the round trip.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, buildSubmissionsCsv, csvCell, csvFileName } from '../../web/src/screens/admin/forms/submissions-csv.ts';

/** RFC 4180: fields split by commas, records by CRLF (or LF), quoted fields may hold both. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      // the \n ends the record
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const names = new Map([
  ['u1', 'Zoë "Zee" Noël, Jr.'],
  ['u2', '=HYPERLINK("http://evil")'],
]);
const nameOf = (id: string) => names.get(id) ?? 'Unknown User';

const subs = [
  {
    id: 'sub-1',
    userid: 'u1',
    createdat: '2026-02-01T10:00:00.000Z',
    status: 'pending',
    data: { Seats: 2, Extras: ['Drinks', 'Shirt'], Agree: true, Notes: 'Line one\nline "two", with comma', Name: 'ignored' },
  },
  { id: 'sub-2', userid: 'u2', createdat: '2026-02-02T10:00:00.000Z', status: 'completed', data: { Seats: -1, Notes: '+1 555', Extras: [], Agree: false } },
  { id: 'sub-3', userid: 'gone', createdat: '2026-02-03T10:00:00.000Z', status: 'processed', data: { Notes: '@SUM(A1)' } },
];
const labels = ['Seats', 'Extras', 'Agree', 'Notes'];

describe('submissions CSV', () => {
  const csv = buildSubmissionsCsv(labels, subs, nameOf);
  const table = parseCsv(csv.slice(CSV_BOM.length));

  it('starts with a UTF-8 BOM and ends its records with CRLF', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('has the fixed columns then one per form field label, and one record per submission', () => {
    expect(table[0]).toEqual(['Submission ID', 'User ID', 'User Name', 'Date', 'Status', 'Seats', 'Extras', 'Agree', 'Notes']);
    expect(table).toHaveLength(4);
    expect(table.every((r) => r.length === 9)).toBe(true);
  });

  it('round-trips names and answers with quotes, commas, line breaks and non-ASCII', () => {
    expect(table[1]).toEqual(['sub-1', 'u1', 'Zoë "Zee" Noël, Jr.', '2026-02-01T10:00:00.000Z', 'pending', '2', 'Drinks, Shirt', 'Yes', 'Line one\nline "two", with comma']);
    expect(table[3]?.[2]).toBe('Unknown User');
    // Inner quotes doubled in the raw text.
    expect(csv).toContain('"Zoë ""Zee"" Noël, Jr."');
  });

  it('neutralises text starting with =, +, - or @ with a leading quote; numbers stay numbers', () => {
    expect(table[2]?.[2]).toBe(`'=HYPERLINK("http://evil")`);
    expect(table[2]?.[8]).toBe("'+1 555");
    expect(table[3]?.[8]).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    // A number is written bare: -1 is a number, not a formula.
    expect(table[2]?.[5]).toBe('-1');
    expect(csv).toContain(',-1,');
  });

  it('neutralises a formula behind blanks or control characters, and full-width signs', () => {
    for (const v of [' =1+1', '\n=cmd|x', '  \u0000@SUM(A1)', '\u200B=1', '＝1+1', '＋1', '－2', '＠x', '﹦1', ' ＝HYPERLINK("x")']) {
      expect(csvCell(v), JSON.stringify(v)).toBe(`"'${v.replaceAll('"', '""')}"`);
    }
    // Ordinary text, signs inside it, and blanks before words stay as they are.
    for (const v of ['Window seat', ' a=b', 'x-1', 'e-mail', '  Mr Lee']) expect(csvCell(v)).toBe(`"${v}"`);
  });

  it('strings are quoted, numbers bare, missing answers empty, empty lists and false read as such', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(null)).toBe('');
    expect(table[2]?.slice(6, 8)).toEqual(['', 'No']);
    expect(table[3]?.slice(5, 8)).toEqual(['', '', '']);
  });

  it('uses the status it is given (staged changes included)', () => {
    const withStaged = parseCsv(buildSubmissionsCsv(labels, subs, nameOf, (s) => (s.id === 'sub-1' ? 'completed' : s.status)).slice(1));
    expect(withStaged.map((r) => r[4])).toEqual(['Status', 'completed', 'completed', 'processed']);
  });

  it('a form without submissions gives the header alone', () => {
    expect(parseCsv(buildSubmissionsCsv(labels, [], nameOf).slice(1))).toEqual([['Submission ID', 'User ID', 'User Name', 'Date', 'Status', ...labels]]);
  });

  it('is downloaded as {form title}-submissions.csv, with characters no file may hold replaced', () => {
    expect(csvFileName('Carnival Monday Package')).toBe('Carnival Monday Package-submissions.csv');
    expect(csvFileName('Fête: "A/B"')).toBe('Fête_ _A_B_-submissions.csv');
    expect(csvFileName('   ')).toBe('form-submissions.csv');
  });
});
