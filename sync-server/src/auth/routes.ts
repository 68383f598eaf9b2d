// `/api/auth`: sessions (sign-up, sign-in, refresh, sign-out) and passwords (reset, change).
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { createAuthLimits } from '../rate-limit/auth-limits.ts';
import { addPasswordRoutes } from './password-routes.ts';
import { addSessionRoutes } from './session-routes.ts';

export function createAuthRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  // One set of counters per server, shared by all auth routes.
  const limits = createAuthLimits(ctx.config);
  addSessionRoutes(app, ctx, limits);
  addPasswordRoutes(app, ctx, limits);
  return app;
}
