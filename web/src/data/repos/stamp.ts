// Who changed what (ADR 030): every admin write (and a restaurant owner's) names its writer and
// the time; the server's validators refuse an admin write without them.
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';

export interface Stamp {
  updated_by: string;
  updated_at: string;
}

/** The signed-in writer and now, to spread last over the document being written. */
export function stamp(ctx: RepoContext): Stamp {
  return { updated_by: requireMember(ctx).userId, updated_at: ctx.now().toISOString() };
}
