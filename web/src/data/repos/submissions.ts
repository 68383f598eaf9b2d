// Form submissions: created pending in the member's userdb; a server worker copies them to the
// admins, and status changes come back the same way.
import type { SubmissionDoc } from '../../../../design-docs/src/schemas/submission.ts';
import type { FormDoc } from '../../../../design-docs/src/schemas/form.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { docId, newId, profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { compareText, getItem, listType } from './query.ts';
import type { Item } from './query.ts';

export type Submission = Item<SubmissionDoc>;
export type Answers = SubmissionDoc['data'];

export function createSubmissionsRepo(ctx: RepoContext) {
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
      await me.write.put('userdb', {
        _id: docId('submission', id),
        type: 'submission',
        id,
        formid: form.id,
        userid: me.userId,
        data: answers,
        createdat: ctx.now().toISOString(),
        status: 'pending',
        form: { title: form.title, formtype: form.formtype, targetid: form.targetid },
      });
      return id;
    },
  };
}
