// Outgoing mail: nodemailer to SMTP_URL, or, without one, an .eml file in DATA_DIR/outbox
// so that development and the tests can read what would have been sent.
import nodemailer from 'nodemailer';
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
 * `logLinks`: in development the outbox's links (password resets) are also logged, for
 * convenience; in production a reset link in a log would let anyone who reads logs take an
 * account, so it is never written there.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger; logLinks: boolean }): Mailer {
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
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outbox, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, new Uint8Array(info.message as Buffer));
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      opts.log('info', `mail written to ${file}`, link && opts.logLinks ? { to: mail.to, link } : { to: mail.to });
    },
  };
}
