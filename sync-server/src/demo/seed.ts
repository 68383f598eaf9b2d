// STUB: replaced by the demo data loader.
import type { ServerContext } from '../context.ts';
export async function seedDemoIfEmpty(_ctx: ServerContext): Promise<void> {}
