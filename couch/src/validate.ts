// validate_doc_update with CouchDB's contract `fn(newDoc, oldDoc, userCtx, secObj)`, run in a
// node:vm context. Nothing from our realm enters the context: arguments go in as JSON strings
// and are parsed inside, and the verdict comes out as a string, so a function cannot reach
// `process` through a prototype chain, and a hostile thrown object cannot run code outside the
// timeout. Contexts are cached by source text: every userdb carries the same function, and one
// compiled copy serves them all.
import vm from 'node:vm';

export type Verdict =
  | null
  | { status: 401; error: 'unauthorized'; reason: string }
  | { status: 403; error: 'forbidden'; reason: string }
  | { status: 500; error: 'validation_error'; reason: string };

export interface VduInput {
  newDoc: unknown;
  oldDoc: unknown;
}

export interface CompiledVdu {
  /** One verdict per input, in order; null means accepted. */
  runMany(inputs: VduInput[], userCtx: unknown, secObj: unknown): Verdict[];
}

const PRELUDE = `
var log = function () {};
var isArray = Array.isArray;
var toJSON = function (v) { return JSON.stringify(v); };
var sum = function (a) { var s = 0; for (var i = 0; i < a.length; i++) s += a[i]; return s; };
var __parse = JSON.parse, __stringify = JSON.stringify, __String = String;
var __one = function (fn, newDoc, oldDoc, c, d) {
  try {
    fn(newDoc, oldDoc, __parse(c), __parse(d));
    return '';
  } catch (e) {
    try {
      if (e !== null && typeof e === 'object') {
        if (e.forbidden !== undefined) return __stringify({ forbidden: __String(e.forbidden) });
        if (e.unauthorized !== undefined) return __stringify({ unauthorized: __String(e.unauthorized) });
      }
      return __stringify({ other: __String(e && e.message !== undefined ? e.message : e) });
    } catch (e2) {
      return __stringify({ other: 'the validation function threw an unreadable error' });
    }
  }
};
var __callMany = function (fn, items, c, d) {
  var list = __parse(items), out = [];
  for (var i = 0; i < list.length; i++) out.push(__one(fn, list[i][0], list[i][1], c, d));
  return __stringify(out);
};
`;

const CALL = new vm.Script('__callMany(__fn, __a, __c, __d)', { filename: 'validate_doc_update-call' });

/**
 * A vm timeout costs a watchdog thread per call (~0.25 ms), more than most validations, so a
 * whole batch runs in one call with a budget of `timeoutMs` plus a little per document. If the
 * batch overruns, each document is re-run on its own with `timeoutMs`, so only the offender fails.
 */
const PER_DOC_BUDGET_MS = 2;
const COMPILE_TIMEOUT_MS = 2000;
/**
 * The vm timeout is wall-clock time: on a loaded 2-core machine a 100 ms budget tripped on
 * ordinary documents while the process waited for a core (demo seeding failed once). Our
 * validators take microseconds; the budget only has to stop a runaway loop.
 */
export const VDU_TIMEOUT_MS = 1000;

export class VduCompiler {
  private readonly cache = new Map<string, CompiledVdu>();
  private readonly timeoutMs: number;
  private readonly maxCached: number;

  constructor(timeoutMs = VDU_TIMEOUT_MS, maxCached = 100) {
    this.timeoutMs = timeoutMs;
    this.maxCached = maxCached;
  }

  /** Throws a SyntaxError/TypeError with a readable message when the source is not a function. */
  compile(source: string): CompiledVdu {
    const hit = this.cache.get(source);
    if (hit) {
      this.cache.delete(source);
      this.cache.set(source, hit);
      return hit;
    }
    const compiled = this.build(source);
    this.cache.set(source, compiled);
    if (this.cache.size > this.maxCached) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return compiled;
  }

  private build(source: string): CompiledVdu {
    const context = vm.createContext(
      {},
      { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' },
    );
    const timeout = this.timeoutMs;
    // Creating a context is slow on a busy machine; the limit here only stops top-level loops.
    const setupTimeout = Math.max(COMPILE_TIMEOUT_MS, timeout);
    vm.runInContext(PRELUDE, context, { timeout: setupTimeout });
    // Compiled on its own so the source cannot splice itself into the prelude.
    const fn = new vm.Script(`(${source}\n)`, { filename: 'validate_doc_update.js' }).runInContext(context, {
      timeout: setupTimeout,
    }) as unknown;
    if (typeof fn !== 'function') throw new TypeError('validate_doc_update must be a function');
    context.__fn = fn;
    const call = (inputs: VduInput[], userCtx: string, secObj: string, ms: number): Verdict[] | 'timeout' => {
      context.__a = JSON.stringify(inputs.map((i) => [i.newDoc, i.oldDoc ?? null]));
      context.__c = userCtx;
      context.__d = secObj;
      let out: unknown;
      try {
        out = CALL.runInContext(context, { timeout: ms });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
        return inputs.map(() => failure('validate_doc_update failed'));
      } finally {
        context.__a = context.__c = context.__d = undefined;
      }
      const list = typeof out === 'string' ? (JSON.parse(out) as unknown) : null;
      if (!Array.isArray(list) || list.length !== inputs.length) return inputs.map(() => failure('bad result'));
      return list.map((v) => verdictOf(v));
    };
    return {
      runMany(inputs, userCtx, secObj): Verdict[] {
        if (inputs.length === 0) return [];
        const u = JSON.stringify(userCtx);
        const s = JSON.stringify(secObj);
        const all = call(inputs, u, s, timeout + PER_DOC_BUDGET_MS * inputs.length);
        if (all !== 'timeout') return all;
        return inputs.map((input) => {
          const one = call([input], u, s, timeout);
          if (one === 'timeout') return failure('validate_doc_update timed out');
          return one.length === 1 ? (one[0] as Verdict) : failure('bad result');
        });
      },
    };
  }
}

function failure(reason: string): Verdict {
  return { status: 500, error: 'validation_error', reason };
}

function verdictOf(raw: unknown): Verdict {
  if (raw === '') return null;
  const v = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, string>) : { other: 'bad result' };
  if (v.forbidden !== undefined) return { status: 403, error: 'forbidden', reason: v.forbidden };
  if (v.unauthorized !== undefined) return { status: 401, error: 'unauthorized', reason: v.unauthorized };
  return failure(String(v.other ?? 'validation failed'));
}
