// Numbers in en-US form without Intl (ADR 059): the first Intl formatter a page makes loads the
// locale's data, 30–90 ms on this machine and four times that on a slow phone, inside the task
// that starts the app. The app shows one locale, whose rules for digits fit in a few lines; what
// they do not cover (exponent forms, -0, NaN, infinities) goes to Intl, made on first need.
// tests/unit/en-us-digits.test.ts holds these to Intl's output.

/**
 * `abs` (finite, not negative) rounded to `digits` decimals, half away from zero, on its shortest
 * decimal form as Intl rounds it ("1.005" to two decimals is "1.01"); null when that form has an
 * exponent.
 */
function rounded(abs: number, digits: number): { whole: string; fraction: string } | null {
  const text = String(abs);
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return { whole, fraction: fraction.padEnd(digits, '0') };
  let kept = whole + fraction.slice(0, digits);
  if ((fraction.charCodeAt(digits) ?? 0) >= 53 /* '5' */) kept = plusOne(kept);
  const wholeLength = kept.length - digits;
  return { whole: kept.slice(0, wholeLength) || '0', fraction: kept.slice(wholeLength) };
}

/** A string of decimal digits plus one, carrying: "199" → "200", "99" → "100". */
function plusOne(digitsText: string): string {
  const out = digitsText.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** "1234567" → "1,234,567". */
function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `x` with thousands separators and exactly `digits` decimals, as en-US writes it, `prefix` after
 * the sign ("-$40.00"); null when Intl must answer.
 */
export function enUsFixed(x: number, digits: number, prefix = ''): string | null {
  if (!Number.isFinite(x) || Object.is(x, -0)) return null;
  const r = rounded(Math.abs(x), digits);
  if (!r) return null;
  return `${x < 0 ? '-' : ''}${prefix}${grouped(r.whole)}${digits > 0 ? `.${r.fraction}` : ''}`;
}
