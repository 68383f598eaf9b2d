// On/off documents with deterministic ids (likes, attendance): present means on.
import type { MemberDbKey } from '../local-dbs.ts';
import { isConflict, isNotFound } from '../pouch.ts';
import type { MemberScope } from './context.ts';

/** Deletes the doc if it exists, otherwise creates it; true when it exists afterwards. */
export async function toggleDoc(
  me: MemberScope,
  key: MemberDbKey,
  id: string,
  make: () => Record<string, unknown>,
): Promise<boolean> {
  const db = me.dbs[key];
  // A second tab may toggle at the same moment; one retry settles on the latest state.
  for (let attempt = 0; ; attempt++) {
    try {
      try {
        const doc = await db.get(id);
        await me.write.remove(key, id, doc._rev);
        return false;
      } catch (err) {
        if (!isNotFound(err)) throw err;
        await me.write.put(key, { _id: id, ...make() });
        return true;
      }
    } catch (err) {
      if (!isConflict(err) || attempt >= 1) throw err;
    }
  }
}
