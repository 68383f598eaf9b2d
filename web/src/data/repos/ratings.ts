// Star ratings of providers and bands: one per member and target (a deterministic id), updated
// in place. The catalog's `rating` and `total_ratings` are folded by a server worker, so they
// change after the next catalog pull.
import type { RatingDoc } from '../../../../design-docs/src/schemas/rating.ts';
import type { RatingTargetType } from '../../../../design-docs/src/constants.ts';
import { RATING_MAX, RATING_MIN } from '../../../../design-docs/src/constants.ts';
import { ratingId } from '../../../../design-docs/src/ids.ts';
import { isConflict, isNotFound } from '../pouch.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem } from './query.ts';

export function createRatingsRepo(ctx: RepoContext) {
  return {
    async mine(targetType: RatingTargetType, targetId: string): Promise<RatingDoc | null> {
      const me = ctx.member();
      return me ? getItem<RatingDoc>(me.dbs.members, ratingId(targetType, targetId, me.userId)) : null;
    },

    /** Upsert: the member's one rating of this target. */
    async set(targetType: RatingTargetType, targetId: string, rating: number, comment?: string | null): Promise<void> {
      const me = requireMember(ctx);
      if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) {
        throw new RangeError('Rating must be a whole number of stars from 1 to 5');
      }
      const id = ratingId(targetType, targetId, me.userId);
      const now = ctx.now().toISOString();
      for (let attempt = 0; ; attempt++) {
        let existing: Record<string, unknown> | null = null;
        try {
          existing = (await me.dbs.members.get(id)) as unknown as Record<string, unknown>;
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        const doc = existing
          ? { ...existing, _id: id, rating, ...(comment !== undefined ? { comment } : {}), updated_at: now }
          : { _id: id, type: 'rating', target_type: targetType, target_id: targetId, user_id: me.userId, rating, comment: comment ?? null, created_at: now };
        try {
          await me.write.put('members', doc);
          return;
        } catch (err) {
          if (!isConflict(err) || attempt >= 1) throw err;
        }
      }
    },
  };
}
