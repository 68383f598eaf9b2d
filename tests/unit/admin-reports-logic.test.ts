// Reports (ADR 024): who a reporter or sender is called, the order, and what the admin
// may do with a reported message.
import { describe, expect, it } from 'vitest';
import { REPORT_TEXTS, compareReports, messageAction, peopleOf, personName } from '../../web/src/screens/admin/reports/reports-logic.ts';

describe('reports rules', () => {
  it('keeps the texts of the page', () => {
    expect(REPORT_TEXTS.empty).toBe('No reports found.');
    expect(REPORT_TEXTS.loadFailed).toBe('Failed to load reports. Please try again later.');
  });

  it('names a member, or Unknown User when the account is gone or nameless', () => {
    const names = new Map([['u1', 'Ana Lee'], ['u2', '  ']]);
    expect(personName(names, 'u1')).toBe('Ana Lee');
    expect(personName(names, 'u2')).toBe('Unknown User');
    expect(personName(names, 'u3')).toBe('Unknown User');
  });

  it('collects each reporter and sender once', () => {
    expect(peopleOf([{ reporter_id: 'a', message_sender_id: 'b' }, { reporter_id: 'b', message_sender_id: 'c' }])).toEqual(['a', 'b', 'c']);
  });

  it('orders newest first, then by id', () => {
    const r = (id: string, at: string) => ({ _id: `report:${id}`, created_at: at });
    expect([r('a', '2030-01-01T00:00:00Z'), r('c', '2030-02-01T00:00:00Z'), r('b', '2030-02-01T00:00:00Z')].sort(compareReports).map((x) => x._id)).toEqual(['report:b', 'report:c', 'report:a']);
  });

  it('offers deleting a public message once, and only resolving a private one', () => {
    const none = new Set<string>();
    expect(messageAction({ message_is_public: true, message_id: 'message:1' }, none)).toBe('delete');
    expect(messageAction({ message_is_public: true, message_id: 'message:1' }, new Set(['message:1']))).toBe('deleted');
    expect(messageAction({ message_is_public: false, message_id: 'message:2' }, none)).toBe('private');
  });
});
