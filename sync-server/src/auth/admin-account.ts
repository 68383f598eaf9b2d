// STUB: replaced by the auth implementation.
import type { ServerContext } from '../context.ts';
export async function ensureAdminAccount(_ctx: ServerContext): Promise<void> {}
