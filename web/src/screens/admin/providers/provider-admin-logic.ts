// The pure rules of Manage Fete Faces: a new provider's
// draft, the edit form of a stored one (its services copied into a working list, saved on Save
// Changes), the check (first and last name required, then the shared provider schema), the order
// (best rated first) and the search (full name, bio, services).
import type { ProviderDoc } from '../../../../../design-docs/src/schemas/provider.ts';
import { providerSchema } from '../../../../../design-docs/src/schemas/provider.ts';
import { fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { compareText } from '../../../data/repos/query.ts';
import { providerName } from '../../../lib/provider-name.ts';
import { kitTexts, optionalText, parseAmount } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';

export type AdminProvider = Item<ProviderDoc>;
/** What a form gives: ratings come from members (the ratings worker), testimonials from their own editor. */
export type ProviderInput = Omit<AdminCatalogInput<ProviderDoc>, 'rating' | 'total_ratings' | 'testimonials'>;

export const PROVIDER_TEXTS = kitTexts('Manage Fete Faces', 'provider', 'providers');
export const PROVIDER_BUCKET = 'avatars';
export const NAMES_REQUIRED = 'First name and last name are required';
export const SERVICE_PRICE_PROBLEM = 'Service prices must be numbers';

export interface ProviderDraft {
  first_name: string;
  last_name: string;
  bio: string;
  services: string[];
  /** Typed price per service; blank for none. */
  service_prices: Record<string, string>;
  country: string;
  state: string;
  location: string;
  booking_url: string;
  instagram_url: string;
  avatar_url: string;
  active: boolean;
}

export function newProviderDraft(): ProviderDraft {
  return { first_name: '', last_name: '', bio: '', services: [], service_prices: {}, country: '', state: '', location: '', booking_url: '', instagram_url: '', avatar_url: '', active: true };
}

export function providerDraftOf(p: AdminProvider): ProviderDraft {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    bio: s(p.bio),
    // A working copy: the stored list changes only on Save Changes.
    services: [...(p.services ?? [])],
    service_prices: Object.fromEntries(Object.entries(p.service_prices ?? {}).map(([k, v]) => [k, String(v)])),
    country: s(p.country),
    state: s(p.state),
    location: s(p.location),
    booking_url: s(p.booking_url),
    instagram_url: s(p.instagram_url),
    avatar_url: s(p.avatar_url),
    active: p.active,
  };
}

/** The prices of the listed services only (a removed service drops its price); blank is no price. */
function pricesOf(draft: ProviderDraft): Record<string, number> | null {
  const prices: Record<string, number> = {};
  for (const service of draft.services) {
    const price = parseAmount(draft.service_prices[service] ?? '');
    if (price === null) continue;
    if (typeof price === 'string') return null;
    prices[service] = price;
  }
  return prices;
}

/** 'First name and last name are required' for either name blank, then the schema's words. */
export function checkProviderDraft(draft: ProviderDraft): CheckResult<ProviderInput> {
  const blank = (['first_name', 'last_name'] as const).filter((k) => draft[k].trim() === '');
  if (blank.length > 0) {
    return { ok: false, message: NAMES_REQUIRED, fields: Object.fromEntries(blank.map((k) => [k, NAMES_REQUIRED])), first: blank[0] as string };
  }
  const prices = pricesOf(draft);
  if (prices === null) return { ok: false, message: SERVICE_PRICE_PROBLEM, fields: { service_prices: SERVICE_PRICE_PROBLEM }, first: null };
  const candidate = {
    _id: 'provider:draft',
    type: 'provider',
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    bio: optionalText(draft.bio),
    services: draft.services,
    service_prices: prices,
    country: optionalText(draft.country),
    state: optionalText(draft.state),
    location: optionalText(draft.location),
    booking_url: optionalText(draft.booking_url),
    instagram_url: optionalText(draft.instagram_url),
    avatar_url: optionalText(draft.avatar_url),
    active: draft.active,
  };
  const checked = checkForm(providerSchema, candidate);
  if (!checked.ok) return checked;
  const { _id, _rev, type, rating, total_ratings, testimonials, created_at, updated_at, ...input } = checked.data;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** What a new provider is stored with beyond the form: no ratings yet. */
export function newProviderRecord(input: ProviderInput): AdminCatalogInput<ProviderDoc> {
  return { ...input, rating: 0, total_ratings: 0, testimonials: [] };
}

/** By rating, best first (then by name, so equal ratings keep one order). */
export function compareProviders(a: AdminProvider, b: AdminProvider): number {
  return (b.rating ?? 0) - (a.rating ?? 0) || compareText(providerName(a), providerName(b));
}

/** Providers are searched over full name, bio and services. */
export function providerSearchFields(p: AdminProvider): readonly SearchValue[] {
  return [providerName(p), p.bio, p.services];
}
