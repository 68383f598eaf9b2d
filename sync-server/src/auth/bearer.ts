// The signed-in user behind an API call's `Authorization: Bearer` header.
import type { Context } from 'hono';
import type { TokenService } from './tokens.ts';
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_ADMIN, ROLE_SERVER } from '../../../design-docs/src/databases.ts';

export interface ApiUser {
  id: string;
  roles: string[];
  isAdmin: boolean;
}

/** The user, or null for a missing, malformed, expired or foreign token. */
export async function bearerUser(c: Context, tokens: TokenService): Promise<ApiUser | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!m) return null;
  let user: UserCtx;
  try {
    user = await tokens.verify(m[1] as string);
  } catch {
    return null;
  }
  // The server's own token names no member; it has no business on the member API.
  if (!user.name || user.roles.includes(ROLE_SERVER)) return null;
  return { id: user.name, roles: user.roles, isAdmin: user.roles.includes(ROLE_ADMIN) };
}
