// The pure rules of an event's discount codes (ADR 029; the event page shows a signed-in member
// the active code valid now): a code and a percentage required, 1–100, valid until not before
// valid from.
import { eventDiscountSchema } from '../../../../../design-docs/src/schemas/event-discount.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminEventDiscount, EventDiscountInput } from '../../../data/repos/admin-event-discounts.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { fail, toInput } from '../home/home-admin-common.ts';
import { DATES_MESSAGE, PERCENTAGE_MESSAGE, dateOf, datesInOrder, numberText, parsePercentage } from './detail-logic.ts';

export const EVENT_DISCOUNT_TEXTS = kitTexts('Discount Codes', 'discount code', 'discount codes');
export const EVENT_DISCOUNT_REQUIRED = 'Discount code and percentage are required';

export interface EventDiscountDraft {
  code: string;
  percentage: string;
  description: string;
  valid_from: string;
  valid_until: string;
  active: boolean;
}

export function newEventDiscountDraft(): EventDiscountDraft {
  return { code: '', percentage: '', description: '', valid_from: '', valid_until: '', active: true };
}

export function eventDiscountDraftOf(d: AdminEventDiscount): EventDiscountDraft {
  return { code: d.code, percentage: numberText(d.percentage), description: d.description ?? '', valid_from: dateOf(d.valid_from), valid_until: dateOf(d.valid_until), active: d.active };
}

/** `eventId` is the event whose details page this is. */
export function checkEventDiscountDraft(draft: EventDiscountDraft, eventId: string): CheckResult<EventDiscountInput> {
  const blank = [draft.code.trim() === '' ? 'code' : null, draft.percentage.trim() === '' ? 'percentage' : null].filter((k): k is string => k !== null);
  if (blank.length > 0) return { ok: false, message: EVENT_DISCOUNT_REQUIRED, fields: Object.fromEntries(blank.map((k) => [k, EVENT_DISCOUNT_REQUIRED])), first: blank[0] as string };
  const percentage = parsePercentage(draft.percentage);
  if (typeof percentage !== 'number') return fail('percentage', PERCENTAGE_MESSAGE);
  if (!datesInOrder(draft.valid_from, draft.valid_until)) return fail('valid_until', DATES_MESSAGE);
  const checked = checkForm(eventDiscountSchema, {
    _id: 'event_discount:draft',
    type: 'event_discount',
    event_id: eventId,
    code: draft.code.trim(),
    percentage,
    description: optionalText(draft.description),
    valid_from: optionalText(draft.valid_from),
    valid_until: optionalText(draft.valid_until),
    active: draft.active,
  });
  if (!checked.ok) return checked;
  return toInput<EventDiscountInput>(checked.data);
}

export function eventDiscountSearchFields(d: AdminEventDiscount): readonly SearchValue[] {
  return [d.code, d.description];
}
