// What a client's Mango selector may ask (`_find`, `_changes?filter=_selector`). A selector runs
// against every candidate document, so its cost is bounded before it runs: `$regex` is refused
// (a backtracking pattern doubles its time with each character and nothing can stop it once it
// runs), and size, nesting and list lengths are capped. The gateway applies the same rules in
// front of Apache CouchDB.
import { CouchError } from './errors.ts';

export const SELECTOR_LIMITS = {
  /** Operators and field names in one selector, all levels together. */
  maxTerms: 100,
  /** Nesting of objects and arrays inside the selector. */
  maxDepth: 8,
  /** Values in one `$in`, `$nin`, `$all`, `$or`, `$and` or `$nor` list. */
  maxList: 100,
  /** Characters in one string value or field name. */
  maxString: 1000,
} as const;

/** Operators whose cost cannot be bounded from outside; `$where` does not exist in Mango but is named for clarity. */
const REFUSED = new Set(['$regex', '$where']);

/** Mango's operators (those pouchdb-find runs); any other `$` key is a mistake, refused before it runs. */
const OPERATORS = new Set([
  '$and', '$or', '$nor', '$not', '$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$exists', '$type',
  '$in', '$nin', '$size', '$mod', '$elemMatch', '$allMatch', '$all',
]);

function refuse(reason: string): CouchError {
  return new CouchError(400, 'bad_request', reason);
}

/** Throws a 400 CouchError when the selector is over any limit. Iterative: no deep recursion. */
export function checkSelector(selector: unknown): void {
  let terms = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: selector, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (depth > SELECTOR_LIMITS.maxDepth) throw refuse(`A selector may nest at most ${SELECTOR_LIMITS.maxDepth} levels`);
    if (typeof v === 'string') {
      if (v.length > SELECTOR_LIMITS.maxString) throw refuse(`Selector strings may be at most ${SELECTOR_LIMITS.maxString} characters`);
    } else if (Array.isArray(v)) {
      if (v.length > SELECTOR_LIMITS.maxList) throw refuse(`Selector lists may hold at most ${SELECTOR_LIMITS.maxList} values`);
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (REFUSED.has(key)) throw refuse(`${key} is not supported in selectors`);
        if (key.startsWith('$') && !OPERATORS.has(key)) throw refuse(`Invalid operator: ${key.slice(0, 50)}`);
        if (key.length > SELECTOR_LIMITS.maxString) throw refuse('Selector field names are too long');
        if (++terms > SELECTOR_LIMITS.maxTerms) throw refuse(`A selector may use at most ${SELECTOR_LIMITS.maxTerms} fields and operators`);
        stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
}
