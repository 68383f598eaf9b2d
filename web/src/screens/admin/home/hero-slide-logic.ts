// The pure rules of the Hero Slides section: a new slide (after the last, active), the edit form
// of a stored one, the check (a desktop image is required; the mobile one is optional), the
// order and the search.
import type { HeroSlideDoc } from '../../../../../design-docs/src/schemas/home.ts';
import { heroSlideSchema } from '../../../../../design-docs/src/schemas/home.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { kitTexts, optionalText } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';
import { ORDER_MESSAGE, compareByOrder, fail, parseOrder, toInput } from './home-admin-common.ts';

export type AdminHeroSlide = Item<HeroSlideDoc>;
export type HeroSlideInput = AdminCatalogInput<HeroSlideDoc>;

export const HERO_SLIDE_TEXTS = kitTexts('Hero Slides', 'hero slide', 'hero slides');
export const SLIDE_IMAGE_MESSAGE = 'A slide needs an image';

export interface HeroSlideDraft {
  title: string;
  subtitle: string;
  image_url: string;
  mobile_image_url: string;
  order: string;
  active: boolean;
}

export function newHeroSlideDraft(order: number): HeroSlideDraft {
  return { title: '', subtitle: '', image_url: '', mobile_image_url: '', order: String(order), active: true };
}

export function heroSlideDraftOf(s: AdminHeroSlide): HeroSlideDraft {
  return { title: s.title ?? '', subtitle: s.subtitle ?? '', image_url: s.image_url, mobile_image_url: s.mobile_image_url ?? '', order: String(s.order ?? 0), active: s.active };
}

export function checkHeroSlideDraft(draft: HeroSlideDraft): CheckResult<HeroSlideInput> {
  if (draft.image_url.trim() === '') return fail('image_url', SLIDE_IMAGE_MESSAGE);
  const order = parseOrder(draft.order);
  if (typeof order === 'string') return fail('order', ORDER_MESSAGE);
  const checked = checkForm(heroSlideSchema, {
    _id: 'hero_slide:draft',
    type: 'hero_slide',
    title: optionalText(draft.title),
    subtitle: optionalText(draft.subtitle),
    image_url: draft.image_url.trim(),
    mobile_image_url: optionalText(draft.mobile_image_url),
    order,
    active: draft.active,
  });
  if (!checked.ok) return checked;
  return toInput<HeroSlideInput>(checked.data);
}

export const heroSlideTitle = (s: AdminHeroSlide): string => s.title?.trim() || `Slide ${s.order ?? 0}`;

export function compareHeroSlides(a: AdminHeroSlide, b: AdminHeroSlide): number {
  return compareByOrder(a, b, heroSlideTitle(a), heroSlideTitle(b));
}

export function heroSlideSearchFields(s: AdminHeroSlide): readonly SearchValue[] {
  return [s.title, s.subtitle];
}
