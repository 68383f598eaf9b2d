// The bell's list on plain objects: the five latest
// submissions newest first by createdat, the spec's text for every status, and seen or unseen
// per submission, where a status change makes a seen one unseen again.
import { describe, expect, it } from 'vitest';
import { bellEntries, seenStatusesAfter } from '../../web/src/data/repos/notifications.ts';

function sub(id: string, createdat: string, status = 'pending', extra: { updatedat?: string; title?: string } = {}) {
  return { id, createdat, status: status as 'pending', form: { title: extra.title ?? `Form ${id}` }, ...(extra.updatedat ? { updatedat: extra.updatedat } : {}) };
}

describe('bellEntries', () => {
  it('lists the five latest by createdat, newest first, whatever their status or update time', () => {
    const subs = [
      sub('a', '2026-11-01T10:00:00.000Z', 'completed', { updatedat: '2026-11-30T00:00:00.000Z' }),
      sub('b', '2026-11-05T10:00:00.000Z'),
      sub('c', '2026-11-03T10:00:00.000Z', 'processed'),
      sub('d', '2026-11-06T10:00:00.000Z'),
      sub('e', '2026-11-02T10:00:00.000Z'),
      sub('f', '2026-11-04T10:00:00.000Z'),
    ];
    expect(bellEntries(subs, {}).map((e) => e.id)).toEqual(['d', 'b', 'f', 'c', 'e']);
    expect(bellEntries(subs, {}, 2).map((e) => e.id)).toEqual(['d', 'b']);
    expect(bellEntries([], {})).toEqual([]);
  });

  it('a new pending submission is listed with the spec text, unseen', () => {
    const [entry] = bellEntries([sub('new', '2026-11-23T08:00:00.000Z', 'pending', { title: 'Carnival Package' })], null);
    expect(entry).toEqual({
      id: 'new',
      formTitle: 'Carnival Package',
      status: 'pending',
      text: 'your form submission for Carnival Package has been pending',
      at: '2026-11-23T08:00:00.000Z',
      seen: false,
    });
  });

  it.each(['pending', 'processed', 'completed', 'on hold'])('the text for status %s', (status) => {
    expect(bellEntries([sub('x', '2026-11-23T08:00:00.000Z', status, { title: 'Island Ride' })], {})[0]?.text).toBe(
      `your form submission for Island Ride has been ${status}`,
    );
  });

  it('is seen only in the status it was seen in', () => {
    const subs = [sub('a', '2026-11-03T00:00:00.000Z', 'processed'), sub('b', '2026-11-02T00:00:00.000Z'), sub('c', '2026-11-01T00:00:00.000Z')];
    const entries = bellEntries(subs, { a: 'pending', b: 'pending' });
    expect(entries.map((e) => [e.id, e.seen])).toEqual([
      ['a', false], // seen while pending, processed since
      ['b', true],
      ['c', false], // never seen
    ]);
  });

  it('shows the time of the last change', () => {
    const [changed, sent] = bellEntries([sub('a', '2026-11-03T00:00:00.000Z', 'processed', { updatedat: '2026-11-04T00:00:00.000Z' }), sub('b', '2026-11-01T00:00:00.000Z')], {});
    expect(changed?.at).toBe('2026-11-04T00:00:00.000Z');
    expect(sent?.at).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('seenStatusesAfter (opening the bell, Mark all as read)', () => {
  const listed = bellEntries([sub('a', '2026-11-03T00:00:00.000Z', 'processed'), sub('b', '2026-11-02T00:00:00.000Z'), sub('c', '2026-11-01T00:00:00.000Z')], {});

  it('marks everything shown seen in its shown status, and drops what is no longer listed', () => {
    expect(seenStatusesAfter({ gone: 'completed', c: 'pending' }, listed, listed)).toEqual({ a: 'processed', b: 'pending', c: 'pending' });
  });

  it('a change that landed after the list was shown stays unseen', () => {
    const shownEarlier = bellEntries([sub('a', '2026-11-03T00:00:00.000Z', 'pending')], {});
    const stored = seenStatusesAfter({}, listed, shownEarlier);
    expect(stored).toEqual({ a: 'pending' });
    expect(bellEntries([sub('a', '2026-11-03T00:00:00.000Z', 'processed')], stored)[0]?.seen).toBe(false);
  });

  it('keeps what another device stored for a listed submission it did not show', () => {
    expect(seenStatusesAfter({ c: 'pending' }, listed, listed.slice(0, 1))).toEqual({ a: 'processed', c: 'pending' });
  });
});
