// The worker runner against an in-memory changes feed: batching, checkpoints, serialised
// runs, retries and giving up on a bad document.
import { describe, expect, it } from 'vitest';
import { createLimiter, createRunner } from '../../sync-server/src/workers/runner.ts';
import type { RunnerOptions, WorkerSpec } from '../../sync-server/src/workers/runner.ts';
import type { Checkpoint, CheckpointStore } from '../../sync-server/src/workers/checkpoint.ts';
import type { Change, ChangesPage, Seq } from '../../sync-server/src/workers/couch.ts';
import { BackendError } from '../../sync-server/src/workers/couch.ts';
import type { Logger } from '../../sync-server/src/log.ts';

const OPTS: RunnerOptions = { batchSize: 3, maxAttempts: 3, retryBaseMs: 5, retryMaxMs: 20 };

function fakeDb() {
  const feeds = new Map<string, Change[]>();
  const saved = new Map<string, Checkpoint>();
  const logs: { level: string; msg: string }[] = [];
  const log: Logger = (level, msg) => void logs.push({ level, msg });
  function write(db: string, id: string): void {
    const feed = feeds.get(db) ?? [];
    // Like CouchDB, a document shows once, at its latest seq.
    const rest = feed.filter((c) => c.id !== id);
    const seq = (feed.at(-1)?.seq as number | undefined ?? 0) + 1;
    feeds.set(db, [...rest, { id, seq, changes: [{ rev: `${seq}-x` }] }]);
  }
  async function changes(db: string, since: Seq, limit: number): Promise<ChangesPage | null> {
    await new Promise((r) => setTimeout(r, 1));
    const feed = feeds.get(db);
    if (!feed) return null;
    const results = feed.filter((c) => (c.seq as number) > Number(since)).slice(0, limit);
    const last = results.at(-1)?.seq ?? since;
    return { results, last_seq: last, pending: feed.filter((c) => (c.seq as number) > Number(last)).length };
  }
  const checkpoints: CheckpointStore = {
    async load(db) {
      const cp = saved.get(db);
      return cp ? structuredClone(cp) : { seq: 0, failures: {} };
    },
    async save(db, cp) {
      saved.set(db, structuredClone(cp));
    },
    async reset(db) {
      saved.delete(db);
    },
  };
  return { feeds, saved, logs, log, write, deps: { changes, checkpoints, limiter: createLimiter(4), log } };
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('worker runner', () => {
  it('processes every change in batches and checkpoints the last seq', async () => {
    const f = fakeDb();
    for (let i = 0; i < 10; i++) f.write('a', `doc:${i}`);
    const seen: string[][] = [];
    const spec: WorkerSpec = { name: 't', includeDocs: false, sources: () => true, process: async (_db, cs) => void seen.push(cs.map((c) => c.id)) };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('a');
    await r.idle();
    expect(seen.map((b) => b.length)).toEqual([3, 3, 3, 1]);
    expect(seen.flat()).toEqual(Array.from({ length: 10 }, (_, i) => `doc:${i}`));
    expect(f.saved.get('a')?.seq).toBe(10);
    await r.stop();
  });

  it('never runs one database twice at once, and folds events during a run into one more run', async () => {
    const f = fakeDb();
    f.write('a', 'doc:0');
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const spec: WorkerSpec = {
      name: 't',
      includeDocs: false,
      sources: () => true,
      async process() {
        runs++;
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 20));
        active--;
      },
    };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('a');
    for (let i = 1; i <= 20; i++) {
      f.write('a', `doc:${i}`);
      r.schedule('a');
    }
    await r.idle();
    expect(maxActive).toBe(1);
    // 21 docs, batches of 3: one run reads them all, the folded-in run finds nothing new.
    expect(runs).toBeLessThanOrEqual(8);
    expect(f.saved.get('a')?.seq).toBe(21);
    await r.stop();
  });

  it('resumes from the saved checkpoint after a restart', async () => {
    const f = fakeDb();
    for (let i = 0; i < 4; i++) f.write('a', `doc:${i}`);
    const seen: string[] = [];
    const spec: WorkerSpec = { name: 't', includeDocs: false, sources: () => true, process: async (_db, cs) => void seen.push(...cs.map((c) => c.id)) };
    const first = createRunner(spec, f.deps, OPTS);
    first.schedule('a');
    await first.idle();
    await first.stop();
    f.write('a', 'doc:new');
    const second = createRunner(spec, f.deps, OPTS);
    second.schedule('a');
    await second.idle();
    expect(seen).toEqual(['doc:0', 'doc:1', 'doc:2', 'doc:3', 'doc:new']);
    await second.stop();
  });

  it('retries a failing document, then logs it and moves on after maxAttempts', async () => {
    const f = fakeDb();
    for (let i = 0; i < 5; i++) f.write('a', `doc:${i}`);
    const done = new Set<string>();
    let badAttempts = 0;
    const spec: WorkerSpec = {
      name: 't',
      includeDocs: false,
      sources: () => true,
      async process(_db, cs) {
        if (cs.some((c) => c.id === 'doc:1')) {
          badAttempts++;
          throw new BackendError(403, { error: 'forbidden' }, 'write');
        }
        for (const c of cs) done.add(c.id);
      },
    };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('a');
    await until(() => done.has('doc:4'));
    await r.idle();
    expect([...done].sort()).toEqual(['doc:0', 'doc:2', 'doc:3', 'doc:4']);
    expect(f.saved.get('a')).toEqual({ seq: 5, failures: {} });
    expect(f.logs.some((l) => l.level === 'error' && l.msg.includes('giving up on doc:1'))).toBe(true);
    // Each attempt is the batch once and the document alone once.
    expect(badAttempts).toBe(OPTS.maxAttempts * 2);
    await r.stop();
  });

  it('keeps the failure count in the checkpoint, so a restart does not reset it', async () => {
    const f = fakeDb();
    f.write('a', 'doc:0');
    f.write('a', 'doc:bad');
    const spec: WorkerSpec = {
      name: 't',
      includeDocs: false,
      sources: () => true,
      async process(_db, cs) {
        if (cs.some((c) => c.id === 'doc:bad')) throw new BackendError(400, null, 'bad');
      },
    };
    const r = createRunner(spec, f.deps, { ...OPTS, retryBaseMs: 60_000 });
    r.schedule('a');
    await r.idle();
    expect(f.saved.get('a')).toEqual({ seq: 1, failures: { 'doc:bad': 1 } });
    await r.stop();
  });

  it('does not count transient errors against a document', async () => {
    const f = fakeDb();
    f.write('a', 'doc:0');
    let calls = 0;
    const spec: WorkerSpec = {
      name: 't',
      includeDocs: false,
      sources: () => true,
      async process() {
        calls++;
        if (calls <= 6) throw new BackendError(503, null, 'backend down');
      },
    };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('a');
    await until(() => f.saved.get('a')?.seq === 1);
    expect(f.saved.get('a')?.failures).toEqual({});
    expect(f.logs.some((l) => l.level === 'error')).toBe(false);
    await r.stop();
  });

  it('starts over from 0 when the database refuses the checkpoint seq', async () => {
    const f = fakeDb();
    f.write('a', 'doc:0');
    f.write('a', 'doc:1');
    f.saved.set('a', { seq: 'from-another-life', failures: {} });
    const seen: string[] = [];
    const spec: WorkerSpec = { name: 't', includeDocs: false, sources: () => true, process: async (_db, cs) => void seen.push(...cs.map((c) => c.id)) };
    const changes = f.deps.changes;
    const deps = {
      ...f.deps,
      changes: async (db: string, since: Seq, limit: number) => {
        if (typeof since === 'string') throw new BackendError(400, { error: 'bad_request' }, 'changes');
        return changes(db, since, limit);
      },
    };
    const r = createRunner(spec, deps, OPTS);
    r.schedule('a');
    await r.idle();
    expect(seen).toEqual(['doc:0', 'doc:1']);
    expect(f.saved.get('a')?.seq).toBe(2);
    await r.stop();
  });

  it('treats a missing database as nothing to do', async () => {
    const f = fakeDb();
    const spec: WorkerSpec = { name: 't', includeDocs: false, sources: () => true, process: async () => {} };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('nope');
    await r.idle();
    expect(f.saved.size).toBe(0);
    await r.stop();
  });

  it('stop() waits for the run in progress and ignores later events', async () => {
    const f = fakeDb();
    f.write('a', 'doc:0');
    let finished = false;
    const spec: WorkerSpec = {
      name: 't',
      includeDocs: false,
      sources: () => true,
      async process() {
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
      },
    };
    const r = createRunner(spec, f.deps, OPTS);
    r.schedule('a');
    await new Promise((res) => setTimeout(res, 5));
    await r.stop();
    expect(finished).toBe(true);
    f.write('a', 'doc:1');
    r.schedule('a');
    expect(r.busy()).toBe(false);
  });
});

describe('limiter', () => {
  it('runs at most n at once', async () => {
    const limiter = createLimiter(2);
    let active = 0;
    let max = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        limiter.run(async () => {
          active++;
          max = Math.max(max, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(max).toBe(2);
  });
});
