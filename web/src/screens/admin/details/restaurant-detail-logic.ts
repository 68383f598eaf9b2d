// The pure rules of a restaurant's detail lists (ADR 029): the menu items (name and price required,
// price 0 or more), the photos (an image required, by order) and the discounts (description and
// percentage required, 1–100, valid until not before valid from). Each check ends with the shared
// restaurant schema's own rules.
import type { MenuItem, RestaurantDiscount, RestaurantPhoto } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { menuItemSchema, restaurantDiscountSchema, restaurantPhotoSchema } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import { formatMoney } from '../../../lib/money.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { ORDER_MESSAGE, fail, nextOrder, parseOrder, toInput } from '../home/home-admin-common.ts';
import { DATES_MESSAGE, PERCENTAGE_MESSAGE, PRICE_MESSAGE, dateOf, datesInOrder, numberText, parsePercentage, parsePrice } from './detail-logic.ts';

export const MENU_TEXTS = kitTexts('Menu Items', 'menu item', 'menu items');
export const PHOTO_TEXTS = kitTexts('Photos', 'photo', 'photos');
export const DISCOUNT_TEXTS = kitTexts('Discounts', 'discount', 'discounts');
/** The owner flow's words, as the shared schema says them. */
export const MENU_REQUIRED = 'Menu item name and price are required';
export const DISCOUNT_REQUIRED = 'Discount description and percentage are required';
export const PHOTO_REQUIRED = 'A photo needs an image';

export type MenuItemInput = Omit<MenuItem, 'id'>;
export type PhotoInput = Omit<RestaurantPhoto, 'id'>;
export type DiscountInput = Omit<RestaurantDiscount, 'id'>;

// ---- Menu items

export interface MenuItemDraft {
  name: string;
  description: string;
  price: string;
  category: string;
  image_url: string;
  active: boolean;
}

export function newMenuItemDraft(): MenuItemDraft {
  return { name: '', description: '', price: '', category: '', image_url: '', active: true };
}

export function menuItemDraftOf(m: MenuItem): MenuItemDraft {
  return { name: m.name, description: m.description ?? '', price: numberText(m.price), category: m.category ?? '', image_url: m.image_url ?? '', active: m.active !== false };
}

export function checkMenuItemDraft(draft: MenuItemDraft): CheckResult<MenuItemInput> {
  const price = parsePrice(draft.price);
  const blank = [draft.name.trim() === '' ? 'name' : null, price === null ? 'price' : null].filter((k): k is string => k !== null);
  if (blank.length > 0) return { ok: false, message: MENU_REQUIRED, fields: Object.fromEntries(blank.map((k) => [k, MENU_REQUIRED])), first: blank[0] as string };
  if (typeof price === 'string') return fail('price', PRICE_MESSAGE);
  const checked = checkForm(menuItemSchema, {
    id: 'draft',
    name: draft.name.trim(),
    description: optionalText(draft.description),
    price,
    category: optionalText(draft.category),
    image_url: optionalText(draft.image_url),
    active: draft.active,
  });
  if (!checked.ok) return checked;
  const { id, ...input } = checked.data;
  return toInput<MenuItemInput>(input);
}

export function compareMenuItems(a: MenuItem, b: MenuItem): number {
  return compareText(a.category?.toLowerCase(), b.category?.toLowerCase()) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || compareText(a.id, b.id);
}

export function menuItemSearchFields(m: MenuItem): readonly SearchValue[] {
  return [m.name, m.description, m.category];
}

export function menuItemPrice(m: MenuItem): string {
  return formatMoney(m.price);
}

// ---- Photos

export interface PhotoDraft {
  image_url: string;
  order: string;
  active: boolean;
}

/** A new photo goes after the last one. */
export function newPhotoDraft(photos: readonly RestaurantPhoto[]): PhotoDraft {
  return { image_url: '', order: String(nextOrder(photos)), active: true };
}

export function photoDraftOf(p: RestaurantPhoto): PhotoDraft {
  return { image_url: p.image_url, order: String(p.order ?? 0), active: p.active !== false };
}

export function checkPhotoDraft(draft: PhotoDraft): CheckResult<PhotoInput> {
  if (draft.image_url.trim() === '') return fail('image_url', PHOTO_REQUIRED);
  const order = parseOrder(draft.order);
  if (typeof order === 'string') return fail('order', ORDER_MESSAGE);
  const checked = checkForm(restaurantPhotoSchema, { id: 'draft', image_url: draft.image_url.trim(), order, active: draft.active });
  if (!checked.ok) return checked;
  const { id, ...input } = checked.data;
  return toInput<PhotoInput>(input);
}

export function comparePhotos(a: RestaurantPhoto, b: RestaurantPhoto): number {
  return (a.order ?? 0) - (b.order ?? 0) || compareText(a.id, b.id);
}

export function photoTitle(p: RestaurantPhoto): string {
  return `Photo ${p.order ?? 0}`;
}

// ---- Discounts

export interface DiscountDraft {
  percentage: string;
  description: string;
  terms_conditions: string;
  valid_from: string;
  valid_until: string;
  active: boolean;
}

export function newDiscountDraft(): DiscountDraft {
  return { percentage: '', description: '', terms_conditions: '', valid_from: '', valid_until: '', active: true };
}

export function discountDraftOf(d: RestaurantDiscount): DiscountDraft {
  return {
    percentage: numberText(d.percentage),
    description: d.description,
    terms_conditions: d.terms_conditions ?? '',
    valid_from: dateOf(d.valid_from),
    valid_until: dateOf(d.valid_until),
    active: d.active !== false,
  };
}

export function checkDiscountDraft(draft: DiscountDraft): CheckResult<DiscountInput> {
  const blank = [draft.description.trim() === '' ? 'description' : null, draft.percentage.trim() === '' ? 'percentage' : null].filter((k): k is string => k !== null);
  if (blank.length > 0) return { ok: false, message: DISCOUNT_REQUIRED, fields: Object.fromEntries(blank.map((k) => [k, DISCOUNT_REQUIRED])), first: blank[0] as string };
  const percentage = parsePercentage(draft.percentage);
  if (typeof percentage !== 'number') return fail('percentage', PERCENTAGE_MESSAGE);
  if (!datesInOrder(draft.valid_from, draft.valid_until)) return fail('valid_until', DATES_MESSAGE);
  const checked = checkForm(restaurantDiscountSchema, {
    id: 'draft',
    percentage,
    description: draft.description.trim(),
    terms_conditions: optionalText(draft.terms_conditions),
    valid_from: optionalText(draft.valid_from),
    valid_until: optionalText(draft.valid_until),
    active: draft.active,
  });
  if (!checked.ok) return checked;
  const { id, ...input } = checked.data;
  return toInput<DiscountInput>(input);
}

/** By start date, open starts last. */
export function compareDiscounts(a: { valid_from?: string | null; id: string }, b: { valid_from?: string | null; id: string }): number {
  return compareText(a.valid_from, b.valid_from) || compareText(a.id, b.id);
}

export function discountSearchFields(d: RestaurantDiscount): readonly SearchValue[] {
  return [d.description, d.terms_conditions];
}

export function discountTitleOf(d: { percentage: number }): string {
  return `${d.percentage}% off`;
}

/** 'From 2025-01-01 until 2025-02-01', 'Until …', 'From …', 'Always'. */
export function validityText(from: string | null | undefined, until: string | null | undefined): string {
  const a = dateOf(from);
  const b = dateOf(until);
  if (a && b) return `From ${a} until ${b}`;
  if (a) return `From ${a}`;
  if (b) return `Until ${b}`;
  return 'Always';
}
