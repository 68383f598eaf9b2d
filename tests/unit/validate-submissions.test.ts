import { describe, expect, it } from 'vitest';
import { admin, by, judgeFor, member, receipt, server, submission, tombstone, visitor } from './validate-support.ts';

const judge = judgeFor('submissions');
const s = submission();

describe('submissions', () => {
  it('refuses visitors and members who are not admins', () => {
    expect(judge(s, null, visitor)).toBe('unauthorized');
    expect(judge({ ...s, status: 'completed' }, s, visitor)).toBe('unauthorized');
    expect(judge(s, null, member)).toBe('forbidden');
    expect(judge({ ...s, status: 'completed' }, s, member)).toBe('forbidden');
    expect(judge(tombstone(s), s, member)).toBe('forbidden');
  });

  it.each(['pending', 'processed', 'completed'])('lets an admin set the status to %s', (status) => {
    expect(judge(by(admin, { ...s, status }), { ...s, status: 'processed' }, admin)).toBe('allow');
  });

  it('refuses other statuses and any other change by an admin', () => {
    expect(judge({ ...s, status: 'rejected' }, s, admin)).toBe('forbidden');
    expect(judge({ ...s, data: { Name: 'x' } }, s, admin)).toBe('forbidden');
    expect(judge({ ...s, status: 'completed', userid: 'u2' }, s, admin)).toBe('forbidden');
    expect(judge({ ...s, status: 'completed', note: 'hi' }, s, admin)).toBe('forbidden');
  });

  it('refuses an admin creating a submission', () => {
    expect(judge(s, null, admin)).toBe('forbidden');
  });

  it('lets an admin delete an existing submission (deleting a form deletes its submissions)', () => {
    expect(judge(tombstone(s), s, admin)).toBe('allow');
    expect(judge(tombstone(s), null, admin)).toBe('forbidden');
  });

  it('lets the server copy in, change and delete submissions', () => {
    expect(judge(s, null, server)).toBe('allow');
    expect(judge({ ...s, status: 'completed', data: {} }, s, server)).toBe('allow');
    expect(judge(tombstone(s), s, server)).toBe('allow');
  });

  it('refuses malformed submissions and other types, even from the server', () => {
    expect(judge(submission({ status: 'rejected' }), null, server)).toBe('forbidden');
    expect(judge(submission({ _id: 'submission:other' }), null, server)).toBe('forbidden');
    expect(judge(submission({ formid: '' }), null, server)).toBe('forbidden');
    expect(judge(submission({ createdat: 'today' }), null, server)).toBe('forbidden');
    expect(judge(receipt(), null, server)).toBe('forbidden');
  });
});
