// /api/push: the server's VAPID public key, and a member's devices. Only the server
// reads the devices (ADR 048); a member adds and removes the one they are on.
import { Hono } from 'hono';
import { ECDH } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { bearerUser } from '../auth/bearer.ts';
import { parseBody } from '../auth/parse-body.ts';
import { apiError } from '../http-errors.ts';
import { rateLimited } from '../rate-limit/auth-limits.ts';
import { createSlidingWindow } from '../rate-limit/sliding-window.ts';
import { pushSubscribeSchema, pushUnsubscribeSchema, type PushPublicKeyAnswer } from '../../../design-docs/src/schemas/push.ts';
import { checkEndpoint } from './endpoint-allow-list.ts';
import { addDevice, removeDevices } from './subscriptions.ts';

/** Device changes per member: a browser renews its subscription now and then, never this often. */
const CHANGES_PER_MEMBER = 30;
const CHANGES_WINDOW_MS = 10 * 60_000;

/** A browser's key must be a point on P-256, or nothing could ever be encrypted to it. */
function isP256Point(b64url: string): boolean {
  try {
    ECDH.convertKey(b64url, 'prime256v1', 'base64url', 'base64url', 'compressed');
    return true;
  } catch {
    return false;
  }
}

export function createPushRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const changes = createSlidingWindow({ limit: CHANGES_PER_MEMBER, windowMs: CHANGES_WINDOW_MS });
  const signIn = 'Please sign in to get notifications';

  app.get('/public-key', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ publicKey: ctx.push.publicKey } satisfies PushPublicKeyAnswer);
  });

  app.post('/subscriptions', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return apiError(c, 401, 'unauthorized', signIn);
    const body = await parseBody(c, pushSubscribeSchema);
    const verdict = checkEndpoint(body.endpoint, ctx.config.PUSH_ALLOWED_ORIGINS);
    if (!verdict.ok) return apiError(c, 400, 'bad_endpoint', verdict.reason);
    if (!isP256Point(body.keys.p256dh)) return apiError(c, 400, 'validation_error', 'keys.p256dh is not a P-256 public key');
    const rate = changes.hit(user.id);
    if (!rate.allowed) return rateLimited(c, rate);
    await addDevice(ctx.adminCall, user.id, body);
    return c.json({ success: true }, 201);
  });

  app.delete('/subscriptions', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return apiError(c, 401, 'unauthorized', signIn);
    const body = await parseBody(c, pushUnsubscribeSchema);
    const rate = changes.hit(user.id);
    if (!rate.allowed) return rateLimited(c, rate);
    await removeDevices(ctx.adminCall, user.id, [body.endpoint]);
    return c.body(null, 204);
  });

  return app;
}
