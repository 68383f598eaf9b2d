// Likes ("How Yuh Like It"): one doc per liked item in the member's own userdb.
import type { LikeDoc } from '../../../../design-docs/src/schemas/like.ts';
import type { LikeItemType } from '../../../../design-docs/src/constants.ts';
import { docId, likeId } from '../../../../design-docs/src/ids.ts';
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import type { ProviderDoc } from '../../../../design-docs/src/schemas/provider.ts';
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, getItem, getItems, listRange } from './query.ts';
import type { Item } from './query.ts';
import { toggleDoc } from './toggle.ts';

export type Like = Item<LikeDoc>;

export interface LikedItems {
  events: Item<EventDoc>[];
  bands: Item<BandDoc>[];
  providers: Item<ProviderDoc>[];
  restaurants: Item<RestaurantDoc>[];
}

export function createLikesRepo(ctx: RepoContext) {
  async function list(itemType?: LikeItemType): Promise<Like[]> {
    const me = ctx.member();
    if (!me) return [];
    const likes = await listRange<LikeDoc>(me.dbs.userdb, itemType ? `like:${itemType}:` : 'like:');
    return likes.sort((a, b) => compareText(b.created_at, a.created_at));
  }

  return {
    /** Likes, newest first. */
    list,

    async isLiked(itemType: LikeItemType, itemId: string): Promise<boolean> {
      const me = ctx.member();
      return me ? (await getItem<LikeDoc>(me.dbs.userdb, likeId(itemType, itemId))) !== null : false;
    },

    /** The liked ids of one type, for filled hearts on a list. */
    async likedIds(itemType: LikeItemType): Promise<Set<string>> {
      return new Set((await list(itemType)).map((l) => l.item_id));
    },

    /** Like, or unlike; resolves to whether the item is now liked. */
    async toggle(itemType: LikeItemType, itemId: string): Promise<boolean> {
      const me = requireMember(ctx);
      return toggleDoc(me, 'userdb', likeId(itemType, itemId), () => ({
        type: 'like',
        item_type: itemType,
        item_id: itemId,
        created_at: ctx.now().toISOString(),
      }));
    },

    /** Dashboard: the liked items themselves, newest like first, per section. */
    async items(): Promise<LikedItems> {
      const likes = await list();
      const ids = likes.map((l) => docId(l.item_type, l.item_id));
      const docs = await getItems<{ _id: string; type: string }>(ctx.catalog(), ids);
      const found = ids.flatMap((id) => (docs.has(id) ? [docs.get(id)!] : []));
      const of = <T,>(type: string) => found.filter((d) => d.type === type) as unknown as Item<T>[];
      return { events: of<EventDoc>('event'), bands: of<BandDoc>('band'), providers: of<ProviderDoc>('provider'), restaurants: of<RestaurantDoc>('restaurant') };
    },
  };
}
