// `/api/functions`: the calls the client makes to backend functions (the spec's two, and the
// admins' chat moderation, ADR 024). Their
// errors carry the text to show in `error`, because that is the field the client displays.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http-errors.ts';
import { chatDeleteBodySchema, formStatusNotificationBodySchema } from '../../../design-docs/src/schemas/api.ts';
import { bearerUser } from '../auth/bearer.ts';
import { parseBody } from '../auth/parse-body.ts';
import { applyFormStatus } from '../notify/form-status.ts';
import { deleteUser } from './delete-user.ts';
import { clearChat, deleteChatMessage } from './chat-admin.ts';

function fnError(c: Context, status: ContentfulStatusCode, text: string) {
  return c.json({ error: text, message: text }, status);
}

export function createFunctionRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof ApiError) return fnError(c, err.status, err.message);
    ctx.log('error', 'function failed', err);
    return fnError(c, 500, 'Something went wrong on our side. Please try again.');
  });

  app.post('/delete-user', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return fnError(c, 401, 'Please sign in again to delete your account');
    try {
      await deleteUser(ctx, user.id);
    } catch (err) {
      ctx.log('error', 'account deletion failed', { user: user.id, err: String(err) });
      return fnError(c, 500, 'Failed to delete account');
    }
    ctx.log('info', 'account deleted', { user: user.id });
    return c.json({ success: true }, 200);
  });

  app.post('/form-status-notification', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return fnError(c, 401, 'Please sign in again');
    if (!user.isAdmin) return fnError(c, 403, 'Only admins can change submission statuses');
    const body = await parseBody(c, formStatusNotificationBodySchema);
    const result = await applyFormStatus(ctx, body.submissionId, body.status, user.id);
    if (result.kind === 'not_found') return fnError(c, 404, 'Submission not found');
    return c.json({ success: true }, 200);
  });

  app.post('/chat-delete', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return fnError(c, 401, 'Please sign in again');
    if (!user.isAdmin) return fnError(c, 403, "Only admins can delete other members' messages");
    const body = await parseBody(c, chatDeleteBodySchema);
    if ((await deleteChatMessage(ctx, body.messageId)) === 'not_found') return fnError(c, 404, 'Message not found');
    ctx.log('info', 'chat message deleted by an admin', { admin: user.id, message: body.messageId });
    return c.json({ success: true, deleted: 1 }, 200);
  });

  app.post('/chat-clear', async (c) => {
    const user = await bearerUser(c, ctx.tokens);
    if (!user) return fnError(c, 401, 'Please sign in again');
    if (!user.isAdmin) return fnError(c, 403, 'Only admins can clear the public chat');
    const deleted = await clearChat(ctx);
    ctx.log('info', 'public chat cleared', { admin: user.id, deleted });
    return c.json({ success: true, deleted }, 200);
  });

  return app;
}
