// An admin's status change on a form submission: the status is written to the admins' copy
// and to the member's own copy (which their bell lists, ADR 017), a notification document
// records the change in the member's userdb, and the member gets an e-mail. Only the server may
// write those userdb documents, which is why this is an API call and not a client write.
import type { ServerContext } from '../context.ts';
import type { SubmissionStatus } from '../../../design-docs/src/constants.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { newId } from '../../../design-docs/src/ids.ts';
import { notificationText } from '../../../design-docs/src/schemas/notification.ts';
import type { SubmissionDoc } from '../../../design-docs/src/schemas/submission.ts';
import { getAccount } from '../auth/accounts-repo.ts';
import { findDocs, getDoc, putDoc, updateDoc } from '../auth/doc-store.ts';
import { BackendError } from '../backend/backend.ts';
import { statusMail } from './status-mail.ts';
import { statusPush } from '../push/payloads.ts';

type Submission = Partial<Omit<SubmissionDoc, '_id' | '_rev'>>;

export type StatusResult = { kind: 'not_found' } | { kind: 'done'; notified: boolean; mailed: boolean };

async function formTitle(ctx: ServerContext, sub: Submission): Promise<string> {
  if (sub.form?.title) return sub.form.title;
  if (sub.formid) {
    const [form] = await findDocs<{ title?: string }>(ctx.adminCall, 'members', { type: 'form', id: sub.formid }, { fields: ['title'], limit: 1 }).catch(() => []);
    if (form?.title) return form.title;
  }
  return 'your form';
}

/** `by`: the acting admin, named on the admins' copy (ADR 030); never on the member's own copy. */
export async function applyFormStatus(ctx: ServerContext, submissionId: string, status: SubmissionStatus, by: string | null = null, now = new Date()): Promise<StatusResult> {
  const call = ctx.adminCall;
  const id = submissionId.startsWith('submission:') ? submissionId.slice('submission:'.length) : submissionId;
  const docId = `submission:${id}`;
  const at = now.toISOString();
  const setStatus = (d: Submission & { _id: string }) => (d.status === status ? null : { ...d, status, updatedat: at });

  const sub = await getDoc<Submission>(call, 'submissions', docId);
  if (!sub || sub.type !== 'submission') return { kind: 'not_found' };
  await updateDoc<Submission>(call, 'submissions', docId, (d) => {
    const next = setStatus(d);
    return next && by ? { ...next, updated_by: by } : next;
  });

  const userId = sub.userid;
  if (!userId) return { kind: 'done', notified: false, mailed: false };
  const userDb = userDbName(userId);
  // Missing when the member deleted their account; the admins' copy is then all there is.
  await updateDoc<Submission>(call, userDb, docId, setStatus);

  const title = await formTitle(ctx, sub);
  const text = notificationText(title, status);
  const notification = {
    _id: `notification:${newId()}`,
    type: 'notification',
    submission_id: id,
    form_title: title,
    ...(sub.form?.formtype ? { formtype: sub.form.formtype } : {}),
    ...(sub.form?.targetid ? { targetid: sub.form.targetid } : {}),
    status,
    message: text,
    seen: false,
    created_at: at,
  };
  try {
    await putDoc(call, userDb, notification);
  } catch (err) {
    if (err instanceof BackendError && err.status === 404) return { kind: 'done', notified: false, mailed: false };
    throw err;
  }

  ctx.push.notify(userId, 'status', () => statusPush(id, text));

  let mailed = false;
  try {
    const account = await getAccount(call, userId);
    if (account) {
      await ctx.mailer.send(
        statusMail({
          to: account.email,
          firstName: account.first_name,
          formTitle: title,
          status,
          publicUrl: ctx.config.publicUrl,
          supportEmail: ctx.config.SUPPORT_EMAIL,
        }),
      );
      mailed = true;
    }
  } catch (err) {
    // The status and the in-app notification are what count; a mail outage must not undo them.
    ctx.log('warn', 'status e-mail failed', { user: userId, error: err instanceof Error ? err.message : String(err) });
  }
  return { kind: 'done', notified: true, mailed };
}
