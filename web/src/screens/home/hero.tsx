// The full-screen hero slideshow: advances every 5 seconds and wraps; arrows, dots and swipes
// move it. Because it moves by itself it has a pause button and holds still while hovered or
// focused (WCAG 2.2.2), and it announces slides only when it is not moving on its own.
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FocusEvent, PointerEvent, ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/layout/icons.tsx';
import type { HeroSlide as HeroSlideDoc } from '../../data/repos/home.ts';
import { FALLBACK_SLIDES } from './fallback-slides.ts';
import { HERO_INTERVAL_MS, clampIndex, isRotating, nextIndex, prevIndex, visibleSlides } from './hero-logic.ts';
import { HeroSlide } from './hero-slide.tsx';
import { toHeroView } from './hero-view.ts';
import { useSwipe } from './use-swipe.ts';

export interface HeroProps {
  /** The catalogue's active slides in order; undefined while they are still being read. */
  slides: readonly HeroSlideDoc[] | undefined;
  /** Shown over the slides (the sign-up call to action). */
  children?: ReactNode;
}

export function Hero({ slides, children }: HeroProps) {
  const slidesId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Picture URLs that failed to load: a slide whose picture changes gets another chance.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const views = useMemo(() => (slides ?? []).map(toHeroView), [slides]);
  const shown = useMemo(() => {
    // A slide without a usable picture counts as failed.
    const bad = new Set(views.filter((v) => !v.image || failed.has(v.image)).map((v) => v.id));
    return visibleSlides(views, bad, FALLBACK_SLIDES);
  }, [views, failed]);
  const list = slides === undefined ? [] : shown.slides;
  const count = list.length;

  // The position belongs to one set of slides: a different set (or the switch to the fallback
  // slides) starts again at the first; a picture failing only drops that slide.
  const key = `${shown.source}:${views.map((s) => s.id).join('|')}`;
  const [pos, setPos] = useState({ key, index: 0 });
  const index = pos.key === key ? clampIndex(pos.index, count) : 0;
  const goTo = useCallback((i: number) => setPos({ key, index: i }), [key]);

  const rotating = isRotating({ count, userPaused, hovered, focused });
  // A layout effect: the countdown exists as soon as the slide is on screen, so it always
  // measures from the moment the slide (or the play state) changed.
  useLayoutEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => goTo(nextIndex(index, count)), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count, goTo]);

  const swipe = useSwipe((move) => goTo(move === 'next' ? nextIndex(index, count) : prevIndex(index, count)));

  const onImageError = useCallback((url: string) => {
    setFailed((set) => (set.has(url) ? set : new Set(set).add(url)));
  }, []);

  // Focus pauses, except on the pause/play button itself: pressing Play must start it.
  function onFocus(e: FocusEvent<HTMLElement>) {
    setFocused(e.target !== toggleRef.current);
  }
  function onBlur(e: FocusEvent<HTMLElement>) {
    const next = e.relatedTarget;
    if (!(next instanceof Node) || !e.currentTarget.contains(next)) setFocused(false);
  }
  // Only a mouse hovers; a finger's pointerenter would pause it for good.
  function onPointerEnter(e: PointerEvent<HTMLElement>) {
    if (e.pointerType === 'mouse') setHovered(true);
  }
  function onPointerLeave(e: PointerEvent<HTMLElement>) {
    if (e.pointerType === 'mouse') setHovered(false);
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-testid="hero"
      data-state={rotating ? 'playing' : 'paused'}
      data-source={slides === undefined ? 'loading' : shown.source}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <div id={slidesId} className="hero__slides" aria-live={rotating ? 'off' : 'polite'} {...swipe}>
        {list.map((slide, i) => (
          <HeroSlide
            key={slide.id}
            slide={slide}
            position={i + 1}
            count={count}
            active={i === index}
            first={i === 0}
            mobileFailed={slide.mobileImage !== null && failed.has(slide.mobileImage)}
            onImageError={onImageError}
          />
        ))}
      </div>
      <div className="hero__brand">
        <h1 className="hero__heading">Fete</h1>
        {children}
      </div>
      {count > 1 && (
        <div className="hero__controls">
          <button type="button" className="hero__arrow hero__arrow--prev" aria-label="Previous slide" aria-controls={slidesId} onClick={() => goTo(prevIndex(index, count))}>
            <ChevronLeftIcon size={28} />
          </button>
          <button type="button" className="hero__arrow hero__arrow--next" aria-label="Next slide" aria-controls={slidesId} onClick={() => goTo(nextIndex(index, count))}>
            <ChevronRightIcon size={28} />
          </button>
          <div className="hero__bar">
            <div className="hero__dots" role="group" aria-label="Slides">
              {list.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  className="hero__dot"
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-controls={slidesId}
                  onClick={() => goTo(i)}
                >
                  <span className="hero__dot-mark" aria-hidden="true" />
                </button>
              ))}
            </div>
            <button ref={toggleRef} type="button" className="hero__toggle" aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'} onClick={() => setUserPaused((v) => !v)}>
              {userPaused ? <PlayIcon size={20} /> : <PauseIcon size={20} />}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
