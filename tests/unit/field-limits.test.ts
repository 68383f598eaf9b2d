// Every field of every document has a limit (docs/limits.md), enforced by every
// validate_doc_update (direct import and installed source alike) and by the Zod schemas with
// the same numbers, at the limit and one past it. And a deletion needs something to delete.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../design-docs/src/field-limits.js';
import { docSchemas } from '../../design-docs/src/schemas/doc-schemas.ts';
import { requiredText } from '../../design-docs/src/schemas/common.ts';
import {
  admin, attendance, by, chatMessage, event, form, judgeFor, member, provider, rating, restaurant, server, submission, tombstone,
} from './validate-support.ts';

const chars = (n: number) => 'x'.repeat(n);
const items = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);

describe('field limits in the validators', () => {
  const catalog = judgeFor('catalog');
  const chat = judgeFor('chat');

  it('a text field holds the text limit and not one character more', () => {
    expect(catalog(by(admin, event({ description: chars(FIELD_LIMITS.text) })), null, admin)).toBe('allow');
    expect(catalog(event({ description: chars(FIELD_LIMITS.text + 1) }), null, admin)).toBe('forbidden');
    expect(catalog.reason(event({ description: chars(FIELD_LIMITS.text + 1) }), null, admin)).toBe(`description must be at most ${FIELD_LIMITS.text} characters`);
    expect(chat(chatMessage({ content: chars(FIELD_LIMITS.text) }), null, member)).toBe('allow');
    expect(chat(chatMessage({ content: chars(FIELD_LIMITS.text + 1) }), null, member)).toBe('forbidden');
  });

  it('names and titles hold the short limit', () => {
    expect(catalog(by(admin, event({ title: chars(FIELD_LIMITS.short) })), null, admin)).toBe('allow');
    expect(catalog(event({ title: chars(FIELD_LIMITS.short + 1) }), null, admin)).toBe('forbidden');
  });

  it('links hold the url limit', () => {
    const url = (n: number) => `https://x.example/${chars(n - 'https://x.example/'.length)}`;
    expect(catalog(by(admin, event({ ticket_url: url(FIELD_LIMITS.url) })), null, admin)).toBe('allow');
    expect(catalog(event({ ticket_url: url(FIELD_LIMITS.url + 1) }), null, admin)).toBe('forbidden');
  });

  it('lists and objects, nested ones too, hold their entry limits', () => {
    const menu = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, name: 'Doubles', price: 2, active: true }));
    expect(catalog(by(admin, restaurant({ menu_items: menu(FIELD_LIMITS.list) })), null, admin)).toBe('allow');
    expect(catalog(restaurant({ menu_items: menu(FIELD_LIMITS.list + 1) }), null, admin)).toBe('forbidden');
    const prices = (n: number) => Object.fromEntries(items(n).map((k) => [k, 10]));
    const judgeCatalog = judgeFor('catalog');
    expect(judgeCatalog(by(admin, provider({ service_prices: prices(FIELD_LIMITS.keys) })), null, admin)).toBe('allow');
    expect(judgeCatalog.reason(by(admin, provider({ service_prices: prices(FIELD_LIMITS.keys + 1) })), null, admin)).toMatch(/service_prices may hold at most/);
    const menuItem = { id: 'm1', name: chars(FIELD_LIMITS.short + 1), price: 2, active: true };
    expect(catalog(restaurant({ menu_items: [menuItem] }), null, admin)).toBe('forbidden');
  });

  it('apply to every writer, the server included, and in the member\'s own database', () => {
    expect(catalog(event({ description: chars(FIELD_LIMITS.text + 1) }), null, server)).toBe('forbidden');
    expect(judgeFor('userdb-7531').reason(submission({ data: { Notes: chars(FIELD_LIMITS.text + 1) } }), null, member)).toMatch(/must be at most/);
  });

  it('do not count revision bookkeeping', () => {
    const ids = items(FIELD_LIMITS.list + 50);
    expect(catalog(by(admin, { ...event(), _revisions: { start: ids.length, ids } }), null, admin)).toBe('allow');
  });
});

describe('deletions need something to delete', () => {
  it('the validators and the data layer name the refusal the same way', async () => {
    const { NOTHING_TO_DELETE_REASON } = await import('../../design-docs/src/constants.ts');
    const helpers = (await import('../../design-docs/src/validate/helpers.js')).default;
    expect(helpers(FIELD_LIMITS).NOTHING_TO_DELETE).toBe(NOTHING_TO_DELETE_REASON);
  });

  const members = judgeFor('members');

  it('refuses a member\'s tombstone for attendance or a rating the database does not hold', () => {
    expect(members(tombstone(attendance()), null, member)).toBe('forbidden');
    expect(members.reason(tombstone(attendance()), null, member)).toBe('There is nothing to delete: this document is not stored here');
    expect(members(tombstone(rating()), null, member)).toBe('forbidden');
    expect(members({ _id: '~junk-1', _deleted: true }, null, member)).toBe('forbidden');
    // Held: the member removes their own.
    expect(members(tombstone(attendance()), attendance(), member)).toBe('allow');
    expect(members(tombstone(form()), null, admin)).toBe('forbidden');
  });
});

describe('field limits in the Zod schemas', () => {
  it('use the same numbers as the validators', () => {
    const ok = docSchemas.event.safeParse(event({ description: chars(FIELD_LIMITS.text), organizer_id: null }));
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    const past = docSchemas.event.safeParse(event({ description: chars(FIELD_LIMITS.text + 1), organizer_id: null }));
    expect(past.success).toBe(false);
    expect(past.error?.issues[0]?.message).toContain(String(FIELD_LIMITS.text));
    expect(docSchemas.message.safeParse(chatMessage({ content: chars(FIELD_LIMITS.text + 1) })).success).toBe(false);
  });

  it('bound what a form accepts', () => {
    const field = requiredText('Required');
    expect(field.safeParse(chars(FIELD_LIMITS.text)).success).toBe(true);
    expect(field.safeParse(chars(FIELD_LIMITS.text + 1)).error?.issues[0]?.message).toBe(`Please keep this under ${FIELD_LIMITS.text} characters`);
  });
});
