import { describe, expect, it } from 'vitest';
import {
  account, admin, emailDoc, judgeFor, member, profile, refresh, reset, server, tombstone, visitor,
} from './validate-support.ts';

const judge = judgeFor('accounts');
const docs = [account(), emailDoc(), refresh(), reset()];

describe('accounts', () => {
  it.each(docs.map((d) => [d.type, d]))('keeps %s documents server-only', (_t, doc) => {
    expect(judge(doc, null, visitor)).toBe('unauthorized');
    expect(judge(doc, null, member)).toBe('forbidden');
    expect(judge(doc, null, admin)).toBe('forbidden');
    expect(judge(tombstone(doc), doc, admin)).toBe('forbidden');
    expect(judge(doc, null, server)).toBe('allow');
    expect(judge({ ...doc, _rev: '1-a' }, doc, server)).toBe('allow');
    expect(judge(tombstone(doc), doc, server)).toBe('allow');
  });

  it('refuses malformed records from the server', () => {
    expect(judge(account({ role: 'root' }), null, server)).toBe('forbidden');
    expect(judge(account({ membership_type: 'silver' }), null, server)).toBe('forbidden');
    expect(judge(account({ password_hash: '' }), null, server)).toBe('forbidden');
    expect(judge(emailDoc({ _id: 'email:Maya@Example.com' }), null, server)).toBe('forbidden');
    expect(judge(emailDoc({ _id: 'email: maya@example.com' }), null, server)).toBe('forbidden');
    expect(judge(refresh({ _id: 'refresh:a:b' }), null, server)).toBe('forbidden');
    expect(judge(reset({ expires_at: 'soon' }), null, server)).toBe('forbidden');
    expect(judge(profile(), null, server)).toBe('forbidden');
  });
});
