// STUB: replaced by delete-user and form-status-notification.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
export function createFunctionRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
