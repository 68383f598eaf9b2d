// The pure rules of a provider's testimonials (ADR 029; the 'Clients' gallery of a provider's
// page): an image required, caption, client name and service optional,
// shown by order.
import type { Testimonial } from '../../../../../design-docs/src/schemas/provider.ts';
import { testimonialSchema } from '../../../../../design-docs/src/schemas/provider.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { ORDER_MESSAGE, fail, nextOrder, parseOrder, toInput } from '../home/home-admin-common.ts';

export const TESTIMONIAL_TEXTS = kitTexts('Clients', 'testimonial', 'testimonials');
export const TESTIMONIAL_REQUIRED = 'A testimonial needs an image';
/** The gallery shows client photos from the avatars bucket (faces/provider-clients.tsx). */
export const TESTIMONIAL_BUCKET = 'avatars';

export type TestimonialInput = Omit<Testimonial, 'id'>;

export interface TestimonialDraft {
  image_url: string;
  caption: string;
  client_name: string;
  service: string;
  order: string;
  active: boolean;
}

/** A new testimonial goes after the last one. */
export function newTestimonialDraft(testimonials: readonly Testimonial[]): TestimonialDraft {
  return { image_url: '', caption: '', client_name: '', service: '', order: String(nextOrder(testimonials)), active: true };
}

export function testimonialDraftOf(t: Testimonial): TestimonialDraft {
  return { image_url: t.image_url, caption: t.caption ?? '', client_name: t.client_name ?? '', service: t.service ?? '', order: String(t.order ?? 0), active: t.active !== false };
}

export function checkTestimonialDraft(draft: TestimonialDraft): CheckResult<TestimonialInput> {
  if (draft.image_url.trim() === '') return fail('image_url', TESTIMONIAL_REQUIRED);
  const order = parseOrder(draft.order);
  if (typeof order === 'string') return fail('order', ORDER_MESSAGE);
  const checked = checkForm(testimonialSchema, {
    id: 'draft',
    image_url: draft.image_url.trim(),
    caption: optionalText(draft.caption),
    client_name: optionalText(draft.client_name),
    service: optionalText(draft.service),
    order,
    active: draft.active,
  });
  if (!checked.ok) return checked;
  const { id, ...input } = checked.data;
  return toInput<TestimonialInput>(input);
}

export function compareTestimonials(a: Testimonial, b: Testimonial): number {
  return (a.order ?? 0) - (b.order ?? 0) || compareText(a.id, b.id);
}

export function testimonialSearchFields(t: Testimonial): readonly SearchValue[] {
  return [t.caption, t.client_name, t.service];
}

/** The client's name, else the caption, else the position. */
export function testimonialTitle(t: Testimonial): string {
  return t.client_name?.trim() || t.caption?.trim() || `Testimonial ${t.order ?? 0}`;
}
