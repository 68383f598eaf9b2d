// The clickable one-to-five star control of provider and band pages, as a radio group (arrow
// keys move, Enter/Space or a click rates). A visitor gets the sign-in prompt. The average the
// page shows comes back with the next catalogue pull (a server worker folds the ratings).
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { RATING_MAX, RATING_MIN } from '../../../../design-docs/src/constants.ts';
import type { RatingTargetType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer } from '../../data/react.ts';
import { useMyRating } from '../../data/hooks/use-ratings.ts';
import { useToast } from '../ui/toast.tsx';
import { FAILURE_TEXT, SIGN_IN_TEXT, useSignInPrompt } from './sign-in-prompt.ts';
import { StarIcon } from './social-icons.tsx';
import { useViewer } from './use-viewer.ts';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export function StarRating({ targetType, targetId, average }: { targetType: RatingTargetType; targetId: string; average: number }) {
  const data = useDataLayer();
  const toast = useToast();
  const prompt = useSignInPrompt();
  const { signedIn } = useViewer();
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  const { data: mine } = useMyRating(targetType, targetId, signedIn);
  const myRating = mine?.rating ?? null;
  const shown = hover ?? myRating ?? Math.round(average);

  async function rate(stars: number) {
    if (!signedIn) {
      prompt(SIGN_IN_TEXT.rate(targetType));
      return;
    }
    setBusy(true);
    try {
      await data.ratings.set(targetType, targetId, stars);
    } catch {
      toast.error(FAILURE_TEXT.rate);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, stars: number) {
    const next = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? stars + 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? stars - 1 : null;
    if (next === null || next < RATING_MIN || next > RATING_MAX) return;
    e.preventDefault();
    const group = e.currentTarget.parentElement;
    (group?.querySelector<HTMLButtonElement>(`[data-stars="${next}"]`))?.focus();
  }

  const focusable = myRating ?? RATING_MIN;
  return (
    <div className="star-rating" role="radiogroup" aria-label={signedIn ? 'Your rating' : 'Rate (sign in required)'} onMouseLeave={() => setHover(null)} aria-busy={busy || undefined}>
      {STARS.map((stars) => (
        <button
          key={stars}
          type="button"
          role="radio"
          aria-checked={myRating === stars}
          aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
          tabIndex={stars === focusable ? 0 : -1}
          className={`star-rating__star${stars <= shown ? ' star-rating__star--on' : ''}`}
          disabled={busy}
          data-stars={stars}
          onMouseEnter={() => setHover(stars)}
          onFocus={() => setHover(null)}
          onKeyDown={(e) => onKeyDown(e, stars)}
          onClick={() => void rate(stars)}
        >
          <StarIcon filled={stars <= shown} />
        </button>
      ))}
    </div>
  );
}
