// Blocked members (ADR 024): one `block:{user_id}` doc in the member's own userdb. The server's
// fan-out then delivers none of that member's private messages; the chat hides them as a
// contact and hides their public messages. Written locally, so it works offline like likes.
import type { BlockDoc } from '../../../../design-docs/src/schemas/block.ts';
import { blockId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, listRange } from './query.ts';
import type { Item } from './query.ts';
import { isConflict, isNotFound } from '../pouch.ts';

export type Block = Item<BlockDoc>;

export function createBlocksRepo(ctx: RepoContext) {
  async function list(): Promise<Block[]> {
    const me = ctx.member();
    return me ? listRange<BlockDoc>(me.dbs.userdb, 'block:') : [];
  }

  return {
    list,

    /** The blocked user ids, for filtering contacts and public messages. */
    async blockedIds(): Promise<Set<string>> {
      return new Set((await list()).map((b) => b.user_id));
    },

    async isBlocked(userId: string): Promise<boolean> {
      const me = ctx.member();
      return me ? (await getItem<BlockDoc>(me.dbs.userdb, blockId(userId))) !== null : false;
    },

    /** Idempotent: blocking a blocked member changes nothing. */
    async block(userId: string): Promise<void> {
      const me = requireMember(ctx);
      if (userId === me.userId) throw new RangeError('You cannot block yourself');
      try {
        await me.write.put('userdb', { _id: blockId(userId), type: 'block', user_id: userId, created_at: ctx.now().toISOString() });
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    },

    /** Idempotent: unblocking someone not blocked changes nothing. */
    async unblock(userId: string): Promise<void> {
      const me = requireMember(ctx);
      try {
        const doc = await me.dbs.userdb.get(blockId(userId));
        await me.write.remove('userdb', doc._id, doc._rev);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
