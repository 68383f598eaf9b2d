// Who changed what (ADR 030): the line under an admin row.
import { describe, expect, it } from 'vitest';
import { byText, updatedOf, updatedText } from '../../web/src/screens/admin/kit/updated-logic.ts';
import { formatDateTime } from '../../web/src/lib/dates.ts';

const AT = '2026-11-25T14:05:00.000Z';

describe('updatedOf', () => {
  it('reads updated_by with updated_at, or a form’s updatedat', () => {
    expect(updatedOf({ updated_by: 'a1', updated_at: AT })).toEqual({ by: 'a1', at: AT });
    expect(updatedOf({ updated_by: 'a1', updatedat: AT })).toEqual({ by: 'a1', at: AT });
    expect(updatedOf({ updated_by: 'a1' })).toEqual({ by: 'a1', at: null });
  });

  it('is nothing for a document no one has named (old seed data)', () => {
    expect(updatedOf({ updated_at: AT })).toBeNull();
    expect(updatedOf({ updated_by: '', updated_at: AT })).toBeNull();
    expect(updatedOf({ updated_by: 42 })).toBeNull();
  });
});

describe('updatedText', () => {
  it('names the writer, Unknown User when their profile is gone', () => {
    expect(updatedText(AT, 'Jane Admin')).toBe(`Updated ${formatDateTime(AT)} by Jane Admin`);
    expect(updatedText(AT, null)).toBe(`Updated ${formatDateTime(AT)} by Unknown User`);
  });

  it('leaves the name out while it is looked up, and the time when there is none', () => {
    expect(updatedText(AT, undefined)).toBe(`Updated ${formatDateTime(AT)}`);
    expect(updatedText(null, 'Jane Admin')).toBe('Updated by Jane Admin');
  });

  it('gives " by {name}" alone where the date is shown already', () => {
    expect(byText('Jane Admin')).toBe(' by Jane Admin');
    expect(byText(null)).toBe(' by Unknown User');
    expect(byText(undefined)).toBe('');
  });
});
