// The pure rules of Manage Packages and Manage Ride Packages (both on the admin kit): the words
// of each page, the colour presets, a new item's defaults, the check of what the admin typed
// and the search. The check is the shared package/ride schema (design-docs), so
// the screen says exactly what the server would refuse.
import { PACKAGE_COLOURS, PACKAGE_DEFAULTS, RIDE_COLOURS, RIDE_DEFAULTS } from '../../../../../design-docs/src/constants.ts';
import type { ColourPreset, FormType } from '../../../../../design-docs/src/constants.ts';
import { packageSchema, rideSchema } from '../../../../../design-docs/src/schemas/package.ts';
import { fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { CatalogueInput } from '../../../data/repos/admin-packages.ts';
import { kitTexts } from '../kit/kit-logic.ts';
import type { KitTexts, SearchValue } from '../kit/kit-logic.ts';

export type CatalogueKind = FormType;

/**
 * The spec's texts: the kit's pattern, with the add form titled in the
 * heading's words ('Add Ride Package') and Manage Packages' own load failure.
 */
export const ADMIN_CATALOGUE_TEXTS: Record<CatalogueKind, KitTexts> = {
  ride: { ...kitTexts('Manage Ride Packages', 'ride package', 'ride packages'), addHeading: 'Add Ride Package' },
  package: { ...kitTexts('Manage Packages', 'package', 'packages'), loadFailed: 'Failed to load data. Please try again later.' },
};

/** Names of the draft's fields in the conflict panel. */
export const CATALOGUE_FIELD_LABELS: Readonly<Record<string, string>> = {
  buttonlink: 'Button link',
  bgcolor: 'Colour',
  textcolor: 'Text colour',
};

/** The presets of each page, in the spec's order. */
export function coloursOf(kind: CatalogueKind): readonly ColourPreset[] {
  return kind === 'ride' ? RIDE_COLOURS : PACKAGE_COLOURS;
}

/** The page's preset of a stored `bgcolor`, or null for a value that is none of them. */
export function presetOf(kind: CatalogueKind, bgcolor: string): ColourPreset | null {
  return coloursOf(kind).find((p) => p.bgcolor === bgcolor) ?? null;
}

/** What the add and edit forms hold while the admin types: `order` stays the typed text. */
export interface CatalogueDraft {
  title: string;
  subtitle: string;
  description: string;
  buttonlink: string;
  bgcolor: string;
  textcolor: string;
  order: string;
  active: boolean;
}

/** A preset chosen: both colours follow it (black text on Amber and Yellow, white on the rest). */
export function withColour(draft: CatalogueDraft, preset: ColourPreset): CatalogueDraft {
  return { ...draft, bgcolor: preset.bgcolor, textcolor: preset.textcolor };
}

/** The order a new item gets once the list holds `count`: after the last one. */
export function nextOrder(count: number): number {
  return count + 1;
}

/**
 * A new item's form. Rides start with the spec's defaults (red, white text, order 0, active);
 * packages, whose defaults the spec leaves open, start after the last one. After an add, both
 * pages offer the next order (the spec's "current count plus one after an add"): pass `afterAdd`.
 */
export function newDraft(kind: CatalogueKind, count: number, afterAdd = false): CatalogueDraft {
  const d = kind === 'ride' ? RIDE_DEFAULTS : PACKAGE_DEFAULTS;
  const order = kind === 'package' || afterAdd ? nextOrder(count) : d.order;
  return { title: '', subtitle: '', description: '', buttonlink: '', bgcolor: d.bgcolor, textcolor: d.textcolor, order: String(order), active: d.active };
}

/** The edit form of a stored item: everything as it is, so Cancel and a failed save lose nothing. */
export function draftOf(item: {
  title?: string | null;
  subtitle?: string | null;
  description?: string | null;
  buttonlink?: string | null;
  bgcolor?: string | null;
  textcolor?: string | null;
  order?: number | null;
  active?: boolean | null;
}): CatalogueDraft {
  return {
    title: item.title ?? '',
    subtitle: item.subtitle ?? '',
    description: item.description ?? '',
    buttonlink: item.buttonlink ?? '',
    bgcolor: item.bgcolor ?? '',
    textcolor: item.textcolor ?? '',
    order: String(item.order ?? 0),
    active: item.active !== false,
  };
}

export const ORDER_MESSAGE = 'Order must be a whole number';

/** "3", " -2 " → the number; "", "1.5", "2e3", "three" → null. */
export function parseOrder(text: string): number | null {
  const t = text.trim();
  if (!/^-?\d{1,9}$/.test(t)) return null;
  return Number.parseInt(t, 10);
}

/**
 * The draft as the repository takes it, or the problems: the spec's "Title and subtitle are
 * required" first, then a non-whole order, an unsafe link, a field over its size limit.
 */
export function checkDraft(kind: CatalogueKind, draft: CatalogueDraft): CheckResult<CatalogueInput> {
  const order = parseOrder(draft.order);
  const optional = (s: string) => (s.trim() === '' ? null : s.trim());
  const candidate = {
    _id: `${kind}:draft`,
    type: kind,
    title: draft.title,
    subtitle: draft.subtitle,
    description: optional(draft.description),
    buttonlink: optional(draft.buttonlink),
    bgcolor: draft.bgcolor,
    textcolor: draft.textcolor,
    // A text the schema refuses with the same words as a fraction.
    order: order ?? draft.order,
    active: draft.active,
  };
  const checked = checkForm(kind === 'ride' ? rideSchema : packageSchema, candidate);
  if (!checked.ok) return checked;
  const { title, subtitle, description, buttonlink, bgcolor, textcolor, active } = checked.data;
  const input: CatalogueInput = { title, subtitle, description: description ?? null, buttonlink: buttonlink ?? null, bgcolor, textcolor, order: checked.data.order, active };
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** Where a row's form link goes: the builder's edit when the item has a form, else its create. */
export function formLink(kind: CatalogueKind, id: string, hasForm: boolean): { to: string; label: string } {
  const to = `/admin/forms/${kind}/${encodeURIComponent(id)}/${hasForm ? 'edit' : 'create'}`;
  return { to, label: hasForm ? 'Edit Form' : 'Create Form' };
}

/** Packages and rides are searched over the texts members read on their cards. */
export function catalogueSearchFields(item: { title: string; subtitle?: string | null; description?: string | null }): readonly SearchValue[] {
  return [item.title, item.subtitle, item.description];
}
