// `/api/auth`: sessions (sign-up, sign-in, refresh, sign-out) and passwords (reset, change).
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { apiError } from '../http-errors.ts';
import { createAuthLimits } from '../rate-limit/auth-limits.ts';
import { HASH_BUSY_RETRY_SECONDS, HashGate, hashBusyMessage } from './hash-gate.ts';
import { addPasswordRoutes } from './password-routes.ts';
import { sameOriginPosts } from './same-origin.ts';
import { addSessionRoutes } from './session-routes.ts';

/** Runs password hashing within the process's cap, or answers 429 with `Retry-After` at once. */
export type Hashing = <T>(c: Context, work: () => Promise<T>) => Promise<{ value: T } | Response>;

export function createAuthRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use('*', sameOriginPosts(ctx.config));
  // One set of counters per server, shared by all auth routes.
  const limits = createAuthLimits(ctx.config);
  const gate = new HashGate(ctx.config.HASH_MAX_RUNNING, ctx.config.HASH_MAX_WAITING);
  const hashing: Hashing = async (c, work) => {
    const done = await gate.run(work);
    if (done) return done;
    c.header('Retry-After', String(HASH_BUSY_RETRY_SECONDS));
    return apiError(c, 429, 'server_busy', hashBusyMessage(HASH_BUSY_RETRY_SECONDS), { retry_after: HASH_BUSY_RETRY_SECONDS });
  };
  addSessionRoutes(app, ctx, limits, hashing);
  addPasswordRoutes(app, ctx, limits, hashing);
  return app;
}
