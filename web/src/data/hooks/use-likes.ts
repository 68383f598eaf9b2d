// Likes live in the member's own database (userdb). A visitor has none: the hooks answer empty
// without asking, and re-ask when the member signs in.
import type { LikeItemType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';

/** The ids of liked items of one type, for a whole list at once. */
export function useLikedIds(itemType: LikeItemType, signedIn: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.likes.likedIds(itemType) : Promise.resolve(new Set<string>())), [itemType, signedIn], { dbs: ['userdb'], types: ['like'] });
}

/** Whether one item is liked, for a lone button. */
export function useIsLiked(itemType: LikeItemType, itemId: string, signedIn: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.likes.isLiked(itemType, itemId) : Promise.resolve(false)), [itemType, itemId, signedIn], {
    dbs: ['userdb'],
    types: ['like'],
  });
}

/** The liked items themselves (the dashboard): the likes, and the catalogue items they name. */
export function useLikedItems(userId: string) {
  const data = useDataLayer();
  return useLiveQuery(() => data.likes.items(), [userId], { dbs: ['userdb', 'catalog'] });
}
