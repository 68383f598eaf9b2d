// Form Submissions' rules: how each answer reads in the detail
// panel, the search over id, user id, name and answers, Unknown User, the status staging with
// its save outcome (write failures stay staged, notification failures do not roll back), the
// stored copy of staged changes, and Forms Management's search and type filter.
import { describe, expect, it } from 'vitest';
import { matchesQuery, normalisedQuery, submissionSearchText } from '../../design-docs/src/submission-search.ts';
import { NO_ANSWER, NO_DATA, NONE_SELECTED, renderAnswer } from '../../web/src/screens/admin/forms/answer-rendering.ts';
import {
  SAVE_FAILED_TEXT,
  UNKNOWN_USER,
  applySaveResults,
  effectiveStatus,
  parseStaged,
  reconcileSeen,
  pagedCountText,
  stageStatus,
  stagedStorageKey,
  statusLabel,
  statusTone,
  submitterName,
} from '../../web/src/screens/admin/forms/submissions-logic.ts';
import { filterForms, formTypeLabel } from '../../web/src/screens/admin/forms/forms-logic.ts';

const ticks = { type: 'checkbox', label: 'Extras', options: ['Drinks', 'Shirt'] } as const;
const single = { type: 'checkbox', label: 'Agree' } as const;

describe('answer rendering', () => {
  it('a checkbox with options lists the ticked options, or None selected, or No data when not a list', () => {
    expect(renderAnswer(ticks, ['Drinks', 'Shirt'])).toBe('Drinks, Shirt');
    expect(renderAnswer(ticks, [])).toBe(NONE_SELECTED);
    expect(NONE_SELECTED).toBe('None selected');
    expect(renderAnswer(ticks, true)).toBe(NO_DATA);
    expect(renderAnswer(ticks, undefined)).toBe('No data');
    expect(renderAnswer({ ...ticks, options: ['A'] }, 'A')).toBe('No data');
  });

  it('a checkbox without options reads Yes or No', () => {
    expect(renderAnswer(single, true)).toBe('Yes');
    expect(renderAnswer(single, false)).toBe('No');
    expect(renderAnswer(single, undefined)).toBe('No');
    expect(renderAnswer({ ...single, options: [] }, true)).toBe('Yes');
  });

  it('other types show the value, or - when there is none', () => {
    expect(renderAnswer({ type: 'text', label: 'Name' }, 'Keisha')).toBe('Keisha');
    expect(renderAnswer({ type: 'number', label: 'Seats' }, 2)).toBe('2');
    expect(renderAnswer({ type: 'number', label: 'Seats' }, 0)).toBe('0');
    // A date answer in long US form, like every date in the app; anything else as typed.
    expect(renderAnswer({ type: 'date', label: 'Day' }, '2026-02-16')).toBe('February 16, 2026');
    expect(renderAnswer({ type: 'date', label: 'Day' }, 'next week')).toBe('next week');
    expect(renderAnswer({ type: 'text', label: 'Code' }, '2026-02-16')).toBe('2026-02-16');
    for (const empty of [undefined, null, '', '   ']) expect(renderAnswer({ type: 'text', label: 'Notes' }, empty)).toBe(NO_ANSWER);
    expect(NO_ANSWER).toBe('-');
    expect(renderAnswer({ type: 'select', label: 'Size' }, 'M')).toBe('M');
  });
});

const sub = (id: string, userid: string, data: Record<string, unknown>, status = 'pending') => ({ id, userid, data, status, createdat: '2026-02-01T10:00:00.000Z' });

describe('submissions search', () => {
  const rows = [
    sub('abc123def', 'user-one', { Seats: 2, Extras: ['Drinks', 'Shirt'], Notes: 'Window SEAT please' }),
    sub('zzz999', 'user-two', { Seats: 4, Agree: true }),
    sub('qqq777', 'gone-user', { Notes: 'Ünïcode Café' }),
  ];
  const names = new Map([
    ['user-one', 'Keisha Baptiste'],
    ['user-two', 'Marcus  Lee'],
  ]);
  const named = rows.map((r) => ({ ...r, name: submitterName(names, r.userid) }));
  const texts = named.map((r) => submissionSearchText(r, r.name));
  const ids = (q: string) => named.filter((_, i) => matchesQuery(texts[i] as string, normalisedQuery(q))).map((r) => r.id);

  it('matches the submission id, the user id and the full name, ignoring case', () => {
    expect(ids('ABC123')).toEqual(['abc123def']);
    expect(ids('user-TWO')).toEqual(['zzz999']);
    expect(ids('keisha bap')).toEqual(['abc123def']);
    expect(ids('unknown user')).toEqual(['qqq777']);
  });

  it('matches any answer value: text, numbers, ticked options, booleans, non-ASCII', () => {
    expect(ids('window seat')).toEqual(['abc123def']);
    expect(ids('shirt')).toEqual(['abc123def']);
    expect(ids('4')).toEqual(['zzz999']);
    expect(ids('true')).toEqual(['zzz999']);
    expect(ids('café')).toEqual(['qqq777']);
    expect(ids('ÜNÏCODE')).toEqual(['qqq777']);
  });

  it('a blank query keeps every row in order; no match gives none; a query never spans two parts', () => {
    expect(ids('')).toEqual(['abc123def', 'zzz999', 'qqq777']);
    expect(ids('   ')).toEqual(['abc123def', 'zzz999', 'qqq777']);
    expect(ids('nobody here')).toEqual([]);
    // "Drinks" then "Shirt" are separate answers: "drinksshirt" must not match.
    expect(ids('drinksshirt')).toEqual([]);
  });

  it('a submitter without a profile (deleted account) or a name is Unknown User', () => {
    expect(submitterName(names, 'gone-user')).toBe(UNKNOWN_USER);
    expect(UNKNOWN_USER).toBe('Unknown User');
    expect(submitterName(new Map([['x', '  ']]), 'x')).toBe('Unknown User');
  });
});

describe('status staging', () => {
  it('stages any status from any other; choosing the stored one again takes the change back', () => {
    let staged = stageStatus({}, 's1', 'completed', 'pending');
    expect(staged).toEqual({ s1: 'completed' });
    staged = stageStatus(staged, 's2', 'pending', 'completed');
    expect(staged).toEqual({ s1: 'completed', s2: 'pending' });
    staged = stageStatus(staged, 's1', 'pending', 'pending');
    expect(staged).toEqual({ s2: 'pending' });
    expect(effectiveStatus(staged, 's2', 'completed')).toBe('pending');
    expect(effectiveStatus(staged, 's3', 'processed')).toBe('processed');
  });

  it('a save: written changes leave the stage, failed writes stay with their texts', () => {
    const staged = { a: 'completed', b: 'processed', c: 'pending' } as const;
    const out = applySaveResults(staged, [
      ['a', 'completed', { ok: true, notified: true }],
      ['b', 'processed', { ok: false, message: 'Document update conflict' }],
      ['c', 'pending', { ok: true, notified: false, reason: 'Notification failed: Unknown error' }],
    ]);
    expect(out.staged).toEqual({ b: 'processed' });
    expect(out.written).toEqual({ a: 'completed', c: 'pending' });
    expect(out.errors).toEqual(['Failed to update submission: Document update conflict', SAVE_FAILED_TEXT]);
    expect(SAVE_FAILED_TEXT).toBe('Failed to save status changes. Please try again.');
    // The notification failed, the status stays written (no rollback).
    expect(out.warnings).toEqual(['Status updated but notification failed: Notification failed: Unknown error']);
    expect(out.allWritten).toBe(false);
  });

  it('an all-written save clears the unsaved flag; a change staged again during the save stays', () => {
    const all = applySaveResults({ a: 'completed' }, [['a', 'completed', { ok: true, notified: true }]]);
    expect(all).toMatchObject({ staged: {}, errors: [], warnings: [], allWritten: true });
    const moved = applySaveResults({ a: 'processed' }, [['a', 'completed', { ok: true, notified: true }]]);
    expect(moved.staged).toEqual({ a: 'processed' });
    const noToken = applySaveResults({ a: 'pending' }, [['a', 'pending', { ok: true, notified: false, reason: 'No access token available' }]]);
    expect(noToken.allWritten).toBe(true);
    expect(noToken.warnings).toEqual(['Status updated but notification failed: No access token available']);
  });

  it('stored staged changes are read back safely and reconciled with the server', () => {
    expect(stagedStorageKey('f1')).not.toBe(stagedStorageKey('f2'));
    expect(parseStaged(null)).toEqual({});
    expect(parseStaged('not json')).toEqual({});
    expect(parseStaged('[1,2]')).toEqual({});
    expect(parseStaged(JSON.stringify({ a: 'completed', b: 'approved', c: 3 }))).toEqual({ a: 'completed' });
    const server = new Map([
      ['a', 'pending'],
      ['b', 'completed'],
    ]);
    // a still differs (kept), b is already saved (dropped), c is not read yet (kept: a later page, or a save says it is gone).
    expect(reconcileSeen({ a: 'completed', b: 'completed', c: 'processed' }, server)).toEqual({ a: 'completed', c: 'processed' });
    // The count under a list the server has more of.
    expect(pagedCountText(100, true)).toBe('Showing the newest 100 submissions');
    expect(pagedCountText(1, true)).toBe('Showing the newest 1 submission');
    expect(pagedCountText(7, false)).toBe('Showing 7 of 7 submissions');
  });

  it('status badges: completed green, pending yellow, processed blue, anything else red', () => {
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('processed')).toBe('info');
    expect(statusTone('approved')).toBe('danger');
    expect(statusLabel('processed')).toBe('Processed');
  });
});

describe('forms list', () => {
  const forms = [
    { id: '1', title: 'Carnival Monday Package', description: 'Costume and drinks', formtype: 'package', updatedat: '2026-01-02T00:00:00.000Z' },
    { id: '2', title: 'Airport Shuttle', description: 'Ride from PIARCO', formtype: 'ride', updatedat: '2026-01-05T00:00:00.000Z' },
    { id: '3', title: 'J\'Ouvert Ride', description: null, formtype: 'ride', updatedat: '2026-01-03T00:00:00.000Z' },
  ] as const;
  const ids = (q: string, t: 'all' | 'package' | 'ride' = 'all') => filterForms(forms, q, t).map((f) => f.id);

  it('newest updated first; search over title and description ignoring case; type filter', () => {
    expect(ids('')).toEqual(['2', '3', '1']);
    expect(ids('RIDE')).toEqual(['2', '3']);
    expect(ids('piarco')).toEqual(['2']);
    expect(ids('costume')).toEqual(['1']);
    expect(ids('', 'package')).toEqual(['1']);
    expect(ids('', 'ride')).toEqual(['2', '3']);
    expect(ids('carnival', 'ride')).toEqual([]);
    expect(formTypeLabel('package')).toBe('Package');
    expect(formTypeLabel('ride')).toBe('Ride');
  });
});
