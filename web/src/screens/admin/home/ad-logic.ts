// The pure rules of the Ads section: a new ad (top of the home page, from today, no end, after
// the last, active), the edit form of a stored one, the check (a position; the link an http(s)
// address; the end date not before the start date), the order and the search.
import type { AdDoc } from '../../../../../design-docs/src/schemas/home.ts';
import { adSchema } from '../../../../../design-docs/src/schemas/home.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { AD_POSITIONS } from '../../../lib/home-limits.ts';
import type { AdPosition } from '../../../lib/home-limits.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { LINK_MESSAGE, ORDER_MESSAGE, compareByOrder, fail, isWebLink, parseOrder, toInput } from './home-admin-common.ts';

export type AdminAd = Item<AdDoc>;
export type AdInput = AdminCatalogInput<AdDoc>;

export const AD_TEXTS = kitTexts('Ads', 'ad', 'ads');
export const AD_DATES_MESSAGE = 'The end date cannot be before the start date';

/** Where each position shows on the home page. */
export const AD_POSITION_LABELS: Record<AdPosition, string> = {
  home_top: 'Home, after the slideshow',
  home_middle: 'Home, after the event rows',
  home_bottom: 'Home, at the end',
};

export function adPositionLabel(position: string): string {
  return AD_POSITION_LABELS[position as AdPosition] ?? position;
}

export interface AdDraft {
  position: string;
  title: string;
  description: string;
  image_url: string;
  link_url: string;
  start_date: string;
  end_date: string;
  order: string;
  active: boolean;
}

/** `today` as YYYY-MM-DD: a new ad runs from today. */
export function newAdDraft(order: number, today: string): AdDraft {
  return { position: AD_POSITIONS[0], title: '', description: '', image_url: '', link_url: '', start_date: today, end_date: '', order: String(order), active: true };
}

/** Date inputs take YYYY-MM-DD: a stored date-time keeps its date part. */
const dateOf = (v: string | null | undefined) => (v ?? '').slice(0, 10);

export function adDraftOf(a: AdminAd): AdDraft {
  return {
    position: a.position,
    title: a.title ?? '',
    description: a.description ?? '',
    image_url: a.image_url ?? '',
    link_url: a.link_url ?? '',
    start_date: dateOf(a.start_date),
    end_date: dateOf(a.end_date),
    order: String(a.order ?? 0),
    active: a.active,
  };
}

/**
 * The dates of an ad (YYYY-MM-DD, blank for none): an end before the start is refused. A blank
 * start runs the ad at once, a blank end never ends it; an end on the start day runs one day.
 */
export function adDatesProblem(start: string, end: string): string | null {
  const s = start.trim();
  const e = end.trim();
  return s !== '' && e !== '' && e < s ? AD_DATES_MESSAGE : null;
}

export function checkAdDraft(draft: AdDraft): CheckResult<AdInput> {
  if (draft.position.trim() === '') return fail('position', REQUIRED_FIELDS_MESSAGE);
  if (!isWebLink(draft.link_url)) return fail('link_url', LINK_MESSAGE);
  const order = parseOrder(draft.order);
  if (typeof order === 'string') return fail('order', ORDER_MESSAGE);
  const dates = adDatesProblem(draft.start_date, draft.end_date);
  if (dates) return fail('end_date', dates);
  const checked = checkForm(adSchema, {
    _id: 'ad:draft',
    type: 'ad',
    position: draft.position.trim(),
    title: optionalText(draft.title),
    description: optionalText(draft.description),
    image_url: optionalText(draft.image_url),
    link_url: optionalText(draft.link_url),
    start_date: optionalText(draft.start_date),
    end_date: optionalText(draft.end_date),
    order,
    active: draft.active,
  });
  if (!checked.ok) return checked;
  return toInput<AdInput>(checked.data);
}

export const adTitle = (a: AdminAd): string => a.title?.trim() || `Ad ${a.order ?? 0} (${adPositionLabel(a.position)})`;

/** By position on the page, then by order. */
export function compareAds(a: AdminAd, b: AdminAd): number {
  const pos = (x: AdminAd) => {
    const i = (AD_POSITIONS as readonly string[]).indexOf(x.position);
    return i === -1 ? AD_POSITIONS.length : i;
  };
  return pos(a) - pos(b) || compareByOrder(a, b, adTitle(a), adTitle(b));
}

export function adSearchFields(a: AdminAd): readonly SearchValue[] {
  return [a.title, a.description, a.position, adPositionLabel(a.position), a.link_url];
}
