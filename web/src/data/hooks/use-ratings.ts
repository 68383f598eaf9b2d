// A member's own rating of a provider or band (members database); a visitor has none.
import type { RatingTargetType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';

export function useMyRating(targetType: RatingTargetType, targetId: string, signedIn: boolean) {
  const data = useDataLayer();
  return useLiveQuery(() => (signedIn ? data.ratings.mine(targetType, targetId) : Promise.resolve(null)), [targetType, targetId, signedIn], { dbs: ['members'] });
}
