// What one hero slide needs on screen, for the catalogue's slides and the fallback ones alike.
import type { HeroSlide } from '../../data/repos/home.ts';
import { heroImageUrl } from '../../../../design-docs/src/image-url.ts';

export interface HeroView {
  id: string;
  title: string;
  subtitle: string;
  /** The wide picture; null for a gradient slide. */
  image: string | null;
  /** Used below the 768px breakpoint when set. */
  mobileImage: string | null;
  /** Which of the gradients sits behind the slide (and shows while its picture loads). */
  tone: number;
}

export function toHeroView(slide: HeroSlide, index: number): HeroView {
  return {
    id: slide.id,
    title: slide.title ?? '',
    subtitle: slide.subtitle ?? '',
    image: heroImageUrl(slide.image_url),
    mobileImage: heroImageUrl(slide.mobile_image_url),
    tone: index % 3,
  };
}
