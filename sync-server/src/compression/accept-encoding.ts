// Which content coding an answer goes out in, from the request's `Accept-Encoding` (ADR 058).
// Only br and gzip are ever made; a coding the client lists with q=0 is refused, one it does
// not list is taken only through `*`. Without the header (or with nothing acceptable) the answer
// is sent as is: identity is always acceptable in practice, and a 406 helps nobody.

export type Coding = 'br' | 'gzip';

/** Our preference when the client weighs both the same: br is smaller at a like cost. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip'];

function weights(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name?.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() !== 'q') continue;
      const n = Number(v?.trim());
      q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
    }
    // A coding listed twice keeps its first weight (RFC 9110 leaves it open; this is the cautious reading).
    if (!out.has(coding)) out.set(coding, q);
  }
  return out;
}

/**
 * The coding to send among `available` (in our order of preference), or null for the plain
 * bytes: the highest weight wins, and br before gzip at equal weight.
 */
export function chooseCoding(header: string | undefined | null, available: readonly Coding[] = PREFERENCE): Coding | null {
  if (!header) return null;
  const w = weights(header);
  const star = w.get('*');
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const q = w.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
