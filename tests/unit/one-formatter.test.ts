// One date helper and one money helper: dates had three formats (2027-04-24, 11/10/2026,
// "1d ago") and amounts none with separators ("$2450.00"), because screens formatted on their
// own. This greps the app for the ways a screen could do that again; the helpers are the only
// files allowed to.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'web/src');

const RULES: Array<{ what: string; pattern: RegExp; allowedIn: string[] }> = [
  { what: 'a date formatted with toLocale*String', pattern: /\.toLocale(Date|Time)?String\(/, allowedIn: [] },
  { what: 'a date formatter', pattern: /Intl\.(DateTimeFormat|RelativeTimeFormat)\b/, allowedIn: ['lib/dates.ts'] },
  { what: 'a relative time ("… ago")', pattern: /\bago[`'"]/, allowedIn: ['lib/dates.ts'] },
  { what: 'a number formatter', pattern: /Intl\.NumberFormat\b/, allowedIn: ['lib/money.ts', 'lib/format.ts'] },
  { what: 'a currency formatter', pattern: /currency:/, allowedIn: ['lib/money.ts'] },
  { what: 'an amount with two decimals', pattern: /\.toFixed\(2\)/, allowedIn: [] },
  { what: 'a $ put before a number by hand', pattern: /\$\$\{|['"`]\$['"`]\s*\+/, allowedIn: [] },
];

/** A comment line may say "1 min ago": only code counts. */
function isComment(line: string): boolean {
  return /^\s*(\/\/|\/\*|\*)/.test(line);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

describe('dates and amounts are formatted only by web/src/lib/dates.ts and money.ts', () => {
  const files = sources(SRC).map((file) => ({ rel: path.relative(SRC, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

  it('finds the app sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const rule of RULES) {
    it(`no screen holds ${rule.what}`, () => {
      const offenders = files.flatMap(({ rel, text }) =>
        rule.allowedIn.includes(rel)
          ? []
          : text.split('\n').flatMap((line, i) => (!isComment(line) && rule.pattern.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : [])),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('the rules catch what they name (checked on samples)', () => {
    const samples: Record<string, string> = {
      'a date formatted with toLocale*String': 'd.toLocaleDateString()',
      'a date formatter': "new Intl.DateTimeFormat('en-US')",
      'a relative time ("… ago")': 'return `${h}h ago`;',
      'a number formatter': 'new Intl.NumberFormat()',
      'a currency formatter': "{ style: 'currency', currency: 'USD' }",
      'an amount with two decimals': 'amount.toFixed(2)',
      'a $ put before a number by hand': 'return `$${price}`;',
    };
    for (const rule of RULES) expect(rule.pattern.test(samples[rule.what] ?? ''), rule.what).toBe(true);
  });
});
