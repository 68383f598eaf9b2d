// Outgoing mail: nodemailer to SMTP_URL, or, without one, an .eml file in DATA_DIR/outbox
// so that development and the tests can read what would have been sent.
import nodemailer from 'nodemailer';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * `logDetails`: in development the outbox's recipient and link (a password reset) are also
 * logged, for convenience. In production neither is: a reset link in a log would let anyone who
 * reads logs take an account, and an address is personal data. The file name never carries the
 * address, so the line naming it carries none either.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger; logDetails: boolean }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      // Oldest first by name; the random part keeps two mails of one millisecond apart.
      const file = path.join(outbox, `${Date.now()}-${randomBytes(6).toString('hex')}.eml`);
      await writeFile(file, new Uint8Array(info.message as Buffer));
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!opts.logDetails) opts.log('info', `mail written to ${file}`);
      else opts.log('info', `mail written to ${file}`, link ? { to: mail.to, link } : { to: mail.to });
    },
  };
}
