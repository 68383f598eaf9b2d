// One logger for the server: JSON lines on stderr, filtered by LOG_LEVEL.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, msg: string, extra?: unknown) => void;

const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(min: LogLevel | 'silent'): Logger {
  return (level, msg, extra) => {
    if (order[level] < order[min]) return;
    const line: Record<string, unknown> = { t: new Date().toISOString(), level, msg };
    if (extra instanceof Error) line.error = { message: extra.message, stack: extra.stack };
    else if (extra !== undefined) line.extra = extra;
    process.stderr.write(JSON.stringify(line) + '\n');
  };
}
