// How an admin's search finds a form submission (admin spec, Form Submissions): a case-insensitive
// substring of its id, the submitter's id or full name, or any answer. One rule for the server,
// which searches a form's submissions a page at a time (ADR 038), and for the screen.

/** How a submitter without a name (a deleted account) is shown, and searched. */
export const UNKNOWN_SUBMITTER = 'Unknown User';

// Separates the parts so that a query never matches across two of them.
const SEP = '\u0000';

export interface SearchableSubmission {
  id: string;
  userid: string;
  data?: Record<string, unknown> | null;
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(SEP);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The lower-case text a submission is searched in: id, user id, the user's full name and every answer. */
export function submissionSearchText(sub: SearchableSubmission, name: string): string {
  const answers = Object.values(sub.data ?? {}).map(answerText);
  return [sub.id, sub.userid, name, ...answers].join(SEP).toLowerCase();
}

/** The query as it is matched: trimmed and lower-case; blank matches everything. */
export function normalisedQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Whether a submission's search text holds a query made by normalisedQuery. */
export function matchesQuery(text: string, normalised: string): boolean {
  return normalised === '' || text.includes(normalised);
}
