// The pure rules of the Partners section: a new partner (after the last, active), the edit form
// of a stored one, the check (a name; the website an http(s) address), the order and the search.
import type { PartnerDoc } from '../../../../../design-docs/src/schemas/home.ts';
import { partnerSchema } from '../../../../../design-docs/src/schemas/home.ts';
import { REQUIRED_FIELDS_MESSAGE } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { LINK_MESSAGE, ORDER_MESSAGE, compareByOrder, fail, isWebLink, parseOrder, toInput } from './home-admin-common.ts';

export type AdminPartner = Item<PartnerDoc>;
export type PartnerInput = AdminCatalogInput<PartnerDoc>;

export const PARTNER_TEXTS = kitTexts('Partners', 'partner', 'partners');

export interface PartnerDraft {
  name: string;
  logo_url: string;
  website_url: string;
  order: string;
  active: boolean;
}

export function newPartnerDraft(order: number): PartnerDraft {
  return { name: '', logo_url: '', website_url: '', order: String(order), active: true };
}

export function partnerDraftOf(p: AdminPartner): PartnerDraft {
  return { name: p.name, logo_url: p.logo_url ?? '', website_url: p.website_url ?? '', order: String(p.order ?? 0), active: p.active };
}

export function checkPartnerDraft(draft: PartnerDraft): CheckResult<PartnerInput> {
  if (draft.name.trim() === '') return fail('name', REQUIRED_FIELDS_MESSAGE);
  if (!isWebLink(draft.website_url)) return fail('website_url', LINK_MESSAGE);
  const order = parseOrder(draft.order);
  if (typeof order === 'string') return fail('order', ORDER_MESSAGE);
  const checked = checkForm(partnerSchema, {
    _id: 'partner:draft',
    type: 'partner',
    name: draft.name.trim(),
    logo_url: optionalText(draft.logo_url),
    website_url: optionalText(draft.website_url),
    order,
    active: draft.active,
  });
  if (!checked.ok) return checked;
  return toInput<PartnerInput>(checked.data);
}

export function comparePartners(a: AdminPartner, b: AdminPartner): number {
  return compareByOrder(a, b, a.name, b.name);
}

export function partnerSearchFields(p: AdminPartner): readonly SearchValue[] {
  return [p.name, p.website_url];
}
