// What every handler receives. Handlers get a DbCtx only after the database is known to exist
// and the caller is known to be a member, so no handler can forget those two checks.
import type { SecurityObject, UserCtx } from '../../design-docs/src/databases.ts';
import type { DbHandle, DbRegistry } from './db-registry.ts';
import type { DbUpdates } from './db-updates.ts';
import type { Query } from './params.ts';
import type { VduCompiler } from './validate.ts';

export type LogFn = (level: 'debug' | 'info' | 'warn' | 'error', msg: string, extra?: unknown) => void;

export interface Services {
  registry: DbRegistry;
  updates: DbUpdates;
  compiler: VduCompiler;
  maxBodyBytes: number;
  /** Every database name starts with it (DB_PREFIX); what follows is a Fete database name. */
  dbPrefix: string;
  log: LogFn;
}

export interface ReqCtx {
  req: Request;
  method: string;
  query: Query;
  user: UserCtx;
  /** Aborted when the client goes away; every wait must listen to it. */
  signal: AbortSignal;
  s: Services;
  /** The caller's view leaves design documents out of `_changes` (see EmbeddedCouch.fetch). */
  hideDesignRows?: boolean;
}

export interface DbCtx extends ReqCtx {
  db: string;
  h: DbHandle;
  sec: SecurityObject;
}
