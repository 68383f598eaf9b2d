// One logger for the server: JSON lines on stderr, filtered by LOG_LEVEL. In production no
// e-mail address reaches a line (a person's address is personal data, and logs travel further
// than the accounts database): the lines name accounts by id, and anything shaped like an
// address that still gets in (a mail server's error, a document id) is replaced.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, msg: string, extra?: unknown) => void;

const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** What the sign-up schema accepts as an address, and its `%40` form in a URL. */
const EMAIL = /[A-Za-z0-9_'+.-]+(?:@|%40)(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g;
export const REDACTED_EMAIL = '[email]';

export function redactEmails(text: string): string {
  return text.replace(EMAIL, REDACTED_EMAIL);
}

export function createLogger(min: LogLevel | 'silent', opts: { redactEmails?: boolean } = {}): Logger {
  return (level, msg, extra) => {
    if (order[level] < order[min]) return;
    const line: Record<string, unknown> = { t: new Date().toISOString(), level, msg };
    if (extra instanceof Error) line.error = { message: extra.message, stack: extra.stack };
    else if (extra !== undefined) line.extra = extra;
    // On the whole line, keys included: an address has no character JSON escapes.
    const text = JSON.stringify(line);
    process.stderr.write((opts.redactEmails ? redactEmails(text) : text) + '\n');
  };
}
