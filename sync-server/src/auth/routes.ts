// `/api/auth`: sessions (sign-up, sign-in, refresh, sign-out) and passwords (reset, change).
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { createAuthLimits } from '../rate-limit/auth-limits.ts';
import { HashGate, hashingThrough } from './hash-gate.ts';
import { addPasswordRoutes } from './password-routes.ts';
import { sameOriginPosts } from './same-origin.ts';
import { addSessionRoutes } from './session-routes.ts';

export function createAuthRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use('*', sameOriginPosts(ctx.config));
  // One set of counters per server, shared by all auth routes.
  const limits = createAuthLimits(ctx.config);
  // One cap per process, shared by every route that hashes a password (ADR 056).
  const hashing = hashingThrough(new HashGate(ctx.config.HASH_MAX_RUNNING, ctx.config.HASH_MAX_WAITING));
  addSessionRoutes(app, ctx, limits, hashing);
  addPasswordRoutes(app, ctx, limits, hashing);
  return app;
}
