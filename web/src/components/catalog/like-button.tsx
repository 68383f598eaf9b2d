// The heart on cards and detail pages. A visitor gets the sign-in prompt; a member's like is
// written to their own database at once (it syncs later) and shown by a filled heart.
import { useState } from 'react';
import type { LikeItemType } from '../../../../design-docs/src/constants.ts';
import { likeId } from '../../../../design-docs/src/ids.ts';
import { useDataLayer } from '../../data/react.ts';
import { useIsLiked, useLikedIds as useLikedIdsOf } from '../../data/hooks/use-likes.ts';
import { useToast } from '../ui/toast.tsx';
import { FAILURE_TEXT, SIGN_IN_TEXT, useSignInPrompt } from './sign-in-prompt.ts';
import { HeartIcon } from './social-icons.tsx';
import { useViewer } from './use-viewer.ts';

export interface LikeButtonProps {
  itemType: LikeItemType;
  itemId: string;
  /** The item's name, for the accessible label ("Like Soca Sunrise"). */
  itemName: string;
  /** Known by the list (useLikedIds); a detail page leaves it out and the button looks it up. */
  liked?: boolean;
  className?: string;
}

/** The ids of liked items of one type, for a whole list at once. */
export function useLikedIds(itemType: LikeItemType): ReadonlySet<string> {
  const { signedIn } = useViewer();
  const { data: ids } = useLikedIdsOf(itemType, signedIn);
  return ids ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

export function LikeButton(props: LikeButtonProps) {
  // A list knows what is liked (one query for all its cards); only a lone button asks itself.
  return props.liked === undefined ? <OwnLikeButton {...props} /> : <LikeToggle {...props} liked={props.liked} />;
}

function OwnLikeButton(props: LikeButtonProps) {
  const { signedIn } = useViewer();
  const own = useIsLiked(props.itemType, props.itemId, signedIn);
  return <LikeToggle {...props} liked={own.data ?? false} />;
}

function LikeToggle({ itemType, itemId, itemName, liked, className }: LikeButtonProps & { liked: boolean }) {
  const data = useDataLayer();
  const toast = useToast();
  const prompt = useSignInPrompt();
  const { signedIn } = useViewer();
  const [busy, setBusy] = useState(false);
  const isLiked = signedIn && liked;
  const pending = signedIn && data.status.isPending('userdb', likeId(itemType, itemId));

  async function onClick() {
    if (!signedIn) {
      prompt(SIGN_IN_TEXT.like(itemType));
      return;
    }
    setBusy(true);
    try {
      await data.likes.toggle(itemType, itemId);
    } catch {
      toast.error(FAILURE_TEXT.like);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={['like-button', isLiked ? 'like-button--on' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-pressed={isLiked}
      aria-label={`Like ${itemName}`}
      title={pending ? 'Saved on this device; waiting to sync' : undefined}
      disabled={busy}
      onClick={(e) => {
        // Cards are links: the heart must not open the item.
        e.preventDefault();
        e.stopPropagation();
        void onClick();
      }}
      data-testid="like-button"
    >
      <HeartIcon filled={isLiked} />
    </button>
  );
}
