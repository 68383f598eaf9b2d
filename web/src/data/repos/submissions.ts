// Form submissions: created pending in the member's userdb; a server worker copies them to the
// admins, and status changes come back the same way.
import type { SubmissionDoc } from '../../../../design-docs/src/schemas/submission.ts';
import type { FormDoc } from '../../../../design-docs/src/schemas/form.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { docId, newId, profileId } from '../../../../design-docs/src/ids.ts';
import type { MemberScope, RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { isConflict } from '../pouch.ts';
import { compareText, getItem, listType } from './query.ts';
import type { Item } from './query.ts';

export type Submission = Item<SubmissionDoc>;
export type Answers = SubmissionDoc['data'];

/**
 * Sent submissions are also written ahead to localStorage (synchronous) before IndexedDB: a
 * reload or a killed app right after Submit can lose the IndexedDB write (ADR 022). At the next
 * start the device re-saves any it lost, with the same id and content (so the same revision:
 * the server never gets it twice), and forgets those it holds.
 */
const OUTGOING = 'outgoing-submissions';
/** Written in this page's life: only a later start may judge them kept. */
const writtenNow = new Set<string>();

export function createSubmissionsRepo(ctx: RepoContext) {
  function outgoing(me: MemberScope): SubmissionDoc[] {
    const raw = ctx.storage()?.getItem(ctx.memberKey(me.userId, OUTGOING));
    if (!raw) return [];
    try {
      const list = JSON.parse(raw) as unknown;
      return Array.isArray(list) ? (list as SubmissionDoc[]) : [];
    } catch {
      return [];
    }
  }

  function setOutgoing(me: MemberScope, docs: SubmissionDoc[]): void {
    const storage = ctx.storage();
    const key = ctx.memberKey(me.userId, OUTGOING);
    try {
      if (docs.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(docs));
    } catch {
      // Storage full or blocked: the IndexedDB write still stands.
    }
  }

  async function list(): Promise<Submission[]> {
    const me = ctx.member();
    if (!me) return [];
    return (await listType<SubmissionDoc>(me.dbs.userdb, 'submission')).sort((a, b) => compareText(b.createdat, a.createdat));
  }

  return {
    /** Newest first. */
    list,
    async latest(limit = 5): Promise<Submission[]> {
      return (await list()).slice(0, limit);
    },

    /** Sends a filled-in form; the member's name is added as the spec's Name entry. */
    async create(form: Pick<FormDoc, 'id' | 'title' | 'formtype' | 'targetid'>, data: Answers): Promise<string> {
      const me = requireMember(ctx);
      const profile = await getItem<ProfileDoc>(me.dbs.members, profileId(me.userId));
      const answers: Answers = { ...data };
      if (profile && !('Name' in answers)) answers.Name = `${profile.first_name} ${profile.last_name}`;
      const id = newId();
      const doc: SubmissionDoc = {
        _id: docId('submission', id),
        type: 'submission',
        id,
        formid: form.id,
        userid: me.userId,
        data: answers,
        createdat: ctx.now().toISOString(),
        status: 'pending',
        form: { title: form.title, formtype: form.formtype, targetid: form.targetid },
      };
      writtenNow.add(doc._id);
      setOutgoing(me, [...outgoing(me), doc]);
      await me.write.put('userdb', doc);
      return id;
    },

    /**
     * Deletes a submission the server did not accept (it never reached the admins); the userdb's
     * validator refuses any other. It also leaves the written-ahead list, or the next start
     * would send it again.
     */
    async removeRefused(id: string): Promise<void> {
      const me = requireMember(ctx);
      const docIdOf = docId('submission', id);
      const doc = await getItem<SubmissionDoc>(me.dbs.userdb, docIdOf);
      if (!doc) return;
      if (typeof doc.refused_reason !== 'string') throw new Error('Only a submission that was not accepted can be deleted');
      setOutgoing(me, outgoing(me).filter((d) => d._id !== docIdOf));
      await me.write.remove('userdb', docIdOf, doc._rev as string);
    },

    /**
     * At start: re-saves the sent submissions the device lost, forgets the ones it holds.
     * Returns how many were re-saved.
     */
    async recoverOutgoing(): Promise<number> {
      const me = ctx.member();
      if (!me) return 0;
      const list = outgoing(me);
      if (list.length === 0) return 0;
      const keep: SubmissionDoc[] = [];
      let restored = 0;
      for (const doc of list) {
        if (writtenNow.has(doc._id)) {
          keep.push(doc);
          continue;
        }
        if (await getItem<SubmissionDoc>(me.dbs.userdb, doc._id)) continue; // kept across a start
        try {
          const { _rev: _dropped, ...fresh } = doc;
          await me.write.put('userdb', fresh as SubmissionDoc & { _id: string });
          restored++;
        } catch (err) {
          if (isConflict(err)) continue;
        }
        // Judged again at the next start, once this write has had its own chance to be kept.
        keep.push(doc);
      }
      // Entries written meanwhile (a Submit during recovery) are kept too.
      const added = outgoing(me).filter((d) => !list.some((l) => l._id === d._id));
      setOutgoing(me, [...keep, ...added]);
      return restored;
    },
  };
}
