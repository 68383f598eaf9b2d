// Reading given revisions of documents. PouchDB's `latest` option throws, inside a LevelDB
// callback where nobody can catch it, when a revision is not in the tree: one
// `?rev=9-x&latest=true` would take the whole process down. So revisions asked for with
// `latest` are first checked with revsDiff, and unknown ones are answered as missing.
import type { Doc, Pouch } from './pouch.ts';

export type RevAnswer = { ok: Doc } | { missing: string };

/** Which of the asked revisions the database does not hold, per id (one read per document). */
export async function unknownRevs(pouch: Pouch, ask: Map<string, string[]>): Promise<Map<string, Set<string>>> {
  const req: Record<string, string[]> = {};
  for (const [id, revs] of ask) if (revs.length > 0) req[id] = [...new Set(revs)];
  const out = new Map<string, Set<string>>();
  if (Object.keys(req).length === 0) return out;
  const diff = await pouch.revsDiff(req);
  for (const [id, d] of Object.entries(diff)) out.set(id, new Set(d.missing));
  return out;
}

/** open_revs for one document; `unknown` must come from unknownRevs when `latest` is set. */
export async function openRevs(
  pouch: Pouch,
  id: string,
  revs: string[],
  opts: { revs: boolean; latest: boolean },
  unknown: Set<string> | undefined,
): Promise<RevAnswer[]> {
  const known = opts.latest ? revs.filter((r) => !unknown?.has(r)) : revs;
  const missing: RevAnswer[] = revs.filter((r) => !known.includes(r)).map((r) => ({ missing: r }));
  if (known.length === 0) return missing;
  const found = (await pouch.get(id, { open_revs: known, revs: opts.revs, latest: opts.latest })) as unknown as RevAnswer[];
  return [...found, ...missing];
}
