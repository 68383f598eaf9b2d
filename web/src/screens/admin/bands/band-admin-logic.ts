// The pure rules of Manage Bands (beyond the seeds; the same pattern as the spec's catalogue
// pages): a new band's draft, the edit form of a stored one, the check (the name required, then
// the shared band schema), the order (as members see them: by start date, then name) and the
// search (name, description, location: the public bands page's scope).
import type { BandDoc } from '../../../../../design-docs/src/schemas/band.ts';
import { bandSchema } from '../../../../../design-docs/src/schemas/band.ts';
import { fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';

export type AdminBand = Item<BandDoc>;
/** Ratings come from members (the ratings worker), never from this form. */
export type BandInput = Omit<AdminCatalogInput<BandDoc>, 'rating' | 'total_ratings'>;

export const BAND_TEXTS = kitTexts('Manage Bands', 'band', 'bands');
export const BAND_BUCKET = 'band-images';
export const BAND_NAME_REQUIRED = 'Band name is required';
export const END_BEFORE_START = 'The end date cannot be before the start date';

export interface BandDraft {
  name: string;
  description: string;
  year: string;
  country: string;
  state: string;
  location: string;
  start_date: string;
  end_date: string;
  website_url: string;
  instagram_url: string;
  registration_url: string;
  fete_id_registration_url: string;
  image_url: string;
  active: boolean;
}

export function newBandDraft(): BandDraft {
  return {
    name: '',
    description: '',
    year: '',
    country: '',
    state: '',
    location: '',
    start_date: '',
    end_date: '',
    website_url: '',
    instagram_url: '',
    registration_url: '',
    fete_id_registration_url: '',
    image_url: '',
    active: true,
  };
}

export function bandDraftOf(b: AdminBand): BandDraft {
  const s = (v: string | null | undefined) => v ?? '';
  return {
    name: b.name,
    description: s(b.description),
    year: b.year == null ? '' : String(b.year),
    country: s(b.country),
    state: s(b.state),
    location: s(b.location),
    start_date: s(b.start_date),
    end_date: s(b.end_date),
    website_url: s(b.website_url),
    instagram_url: s(b.instagram_url),
    registration_url: s(b.registration_url),
    fete_id_registration_url: s(b.fete_id_registration_url),
    image_url: s(b.image_url),
    active: b.active,
  };
}

/** A typed year: '' → null, digits → the number, anything else stays the text so the schema refuses it. */
function parseYear(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : t;
}

/** 'Band name is required' for a blank name, then the schema's words, then the dates' order. */
export function checkBandDraft(draft: BandDraft): CheckResult<BandInput> {
  if (draft.name.trim() === '') return { ok: false, message: BAND_NAME_REQUIRED, fields: { name: BAND_NAME_REQUIRED }, first: 'name' };
  const candidate = {
    _id: 'band:draft',
    type: 'band',
    name: draft.name.trim(),
    description: optionalText(draft.description),
    year: parseYear(draft.year),
    country: optionalText(draft.country),
    state: optionalText(draft.state),
    location: optionalText(draft.location),
    start_date: optionalText(draft.start_date),
    end_date: optionalText(draft.end_date),
    website_url: optionalText(draft.website_url),
    instagram_url: optionalText(draft.instagram_url),
    registration_url: optionalText(draft.registration_url),
    fete_id_registration_url: optionalText(draft.fete_id_registration_url),
    image_url: optionalText(draft.image_url),
    active: draft.active,
  };
  const checked = checkForm(bandSchema, candidate);
  if (!checked.ok) return checked;
  if (candidate.start_date !== null && candidate.end_date !== null && candidate.end_date < candidate.start_date) {
    return { ok: false, message: END_BEFORE_START, fields: { end_date: END_BEFORE_START }, first: 'end_date' };
  }
  const { _id, _rev, type, rating, total_ratings, created_at, updated_at, ...input } = checked.data;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** What a new band is stored with beyond the form: no ratings yet. */
export function newBandRecord(input: BandInput): AdminCatalogInput<BandDoc> {
  return { ...input, rating: 0, total_ratings: 0 };
}

/** As the public bands page lists them: by start date (undated last), then name. */
export function compareBands(a: AdminBand, b: AdminBand): number {
  return compareText(a.start_date, b.start_date) || compareText(a.name, b.name);
}

/** Bands are searched over name, description and location, as on the public bands page. */
export function bandSearchFields(b: AdminBand): readonly SearchValue[] {
  return [b.name, b.description, b.location];
}
