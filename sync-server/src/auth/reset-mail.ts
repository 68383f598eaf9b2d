// The password-reset e-mail. The link goes to the PWA's /reset-password screen, which posts
// the token with the new password to /api/auth/reset.
import type { Mail } from '../mail/mailer.ts';

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

export function resetMail(to: string, link: string, supportEmail: string): Mail {
  return {
    to,
    subject: 'Reset your Fete password',
    text: [
      'Someone asked to reset the password of your Fete account.',
      '',
      'Open this link within one hour to choose a new password:',
      link,
      '',
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
      `Questions? Write to ${supportEmail}.`,
    ].join('\n'),
  };
}
