// Liking, attending and rating need an account: a visitor gets the
// spec's alert as a toast, with a way to the sign-in page that returns here afterwards.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../ui/toast.tsx';
import type { LikeItemType, RatingTargetType } from '../../../../design-docs/src/constants.ts';

const LIKE_NOUNS: Record<LikeItemType, string> = { event: 'events', restaurant: 'restaurants', provider: 'providers', band: 'bands' };
const RATE_NOUNS: Record<RatingTargetType, string> = { provider: 'providers', band: 'bands' };

export const SIGN_IN_TEXT = {
  like: (type: LikeItemType) => `Please sign in to like ${LIKE_NOUNS[type]}`,
  attend: 'Please sign in to mark attendance',
  rate: (type: RatingTargetType) => `Please sign in to rate ${RATE_NOUNS[type]}`,
} as const;

export const FAILURE_TEXT = {
  like: 'Failed to update like status',
  attend: 'Failed to update attendance status',
  rate: 'Failed to submit rating',
  feature: 'Failed to update feature status',
} as const;

/** The page to come back to, read when the prompt shows (not a subscription: cards stay still). */
function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function useSignInPrompt(): (message: string) => void {
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      const from = currentPath();
      toast.show({ message, tone: 'info', action: { label: 'Sign In', onClick: () => navigate('/signin', { state: { from } }) } });
    },
    [toast, navigate],
  );
}
