// STUB: replaced by the workers.
import type { ServerContext } from '../context.ts';
export async function startWorkers(_ctx: ServerContext): Promise<{ stop(): Promise<void> }> {
  return { async stop() {} };
}
