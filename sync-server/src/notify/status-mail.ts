// The e-mail a member gets when an admin changes the status of their form submission.
import { SUBMISSION_STATUS_MESSAGES } from '../../../design-docs/src/constants.ts';
import type { SubmissionStatus } from '../../../design-docs/src/constants.ts';
import type { Mail } from '../mail/mailer.ts';

export function statusMail(opts: { to: string; firstName: string; formTitle: string; status: SubmissionStatus; publicUrl: string; supportEmail: string }): Mail {
  const greeting = opts.firstName ? `Hello ${opts.firstName},` : 'Hello,';
  return {
    to: opts.to,
    subject: `Your form submission for ${opts.formTitle} has been ${opts.status}`,
    text: [
      greeting,
      '',
      `Your form submission for ${opts.formTitle} has been ${opts.status}.`,
      SUBMISSION_STATUS_MESSAGES[opts.status],
      '',
      `See all your submissions on your dashboard: ${opts.publicUrl.replace(/\/+$/, '')}/dashboard`,
      `Questions? Write to ${opts.supportEmail}.`,
    ].join('\n'),
  };
}
