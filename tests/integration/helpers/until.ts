// Waiting for what a test needs rather than assuming it is already there: a cluster is
// eventually consistent between its nodes (ADR 039), and workers run after the write.

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `done` holds; the deadline only ends a hung run, it is not what is tested. */
export async function until(done: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !(await done()); ) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
    await pause(100);
  }
}
