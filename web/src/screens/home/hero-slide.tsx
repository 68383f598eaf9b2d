// One slide: its picture (the mobile one below 768px), over a gradient that shows while it loads
// and stands alone for the fallback slides, and its title and subtitle.
import type { SyntheticEvent } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../../design-docs/src/constants.ts';
import type { HeroView } from './hero-view.ts';

const MOBILE_MEDIA = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

export interface HeroSlideProps {
  slide: HeroView;
  position: number;
  count: number;
  active: boolean;
  /** The first slide is the page's main picture: it loads at once. */
  first: boolean;
  /** The mobile picture failed: show the wide one instead. */
  mobileFailed: boolean;
  /** Which of the slide's pictures failed (its mobile or its wide one). */
  onImageError: (url: string) => void;
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a, window.location.href).href === new URL(b, window.location.href).href;
  } catch {
    return false;
  }
}

export function HeroSlide({ slide, position, count, active, first, mobileFailed, onImageError }: HeroSlideProps) {
  const mobile = slide.mobileImage && !mobileFailed ? slide.mobileImage : null;

  function onError(e: SyntheticEvent<HTMLImageElement>) {
    const failed = e.currentTarget.currentSrc;
    if (mobile && failed && sameUrl(failed, mobile)) onImageError(mobile);
    else if (slide.image) onImageError(slide.image);
  }

  return (
    <div
      className={`hero__slide hero__slide--tone-${slide.tone}${active ? ' hero__slide--active' : ''}`}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      aria-hidden={active ? undefined : true}
      inert={!active}
      data-testid="hero-slide"
      data-active={active ? '' : undefined}
    >
      {slide.image && (
        <picture className="hero__picture">
          {mobile && <source media={MOBILE_MEDIA} srcSet={mobile} />}
          <img
            className="hero__image"
            src={slide.image}
            alt=""
            draggable={false}
            decoding="async"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'low'}
            onError={onError}
          />
        </picture>
      )}
      <div className="hero__text">
        {slide.title && <h2 className="hero__title">{slide.title}</h2>}
        {slide.subtitle && <p className="hero__subtitle">{slide.subtitle}</p>}
      </div>
    </div>
  );
}
