// What is featured on the home page, for an admin's stars on a list's cards.
import type { FeaturedItemType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';

/** The featured ids of one type; only an admin asks (anyone else gets an empty set). */
export function useFeaturedIds(itemType: FeaturedItemType, isAdmin: boolean) {
  const data = useDataLayer();
  return useLiveQuery(async () => (isAdmin ? new Set(await data.featured.ids(itemType)) : new Set<string>()), [itemType, isAdmin], { dbs: ['catalog'] });
}
