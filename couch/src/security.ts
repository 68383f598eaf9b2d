// `_security` objects and the access decisions made from them, as CouchDB 3 makes them.
import type { SecurityObject, UserCtx } from '../../design-docs/src/databases.ts';
import { ROLE_SERVER, isDbMember } from '../../design-docs/src/databases.ts';
import { badRequest, notAdmin } from './errors.ts';
import { isPlainObject, isStringArray } from './params.ts';

/** CouchDB 3 creates databases admin-only until someone writes their `_security`. */
export const ADMIN_ONLY: SecurityObject = {
  admins: { names: [], roles: [ROLE_SERVER] },
  members: { names: [], roles: [ROLE_SERVER] },
};

export function effectiveSecurity(stored: SecurityObject | null | undefined): SecurityObject {
  return stored ?? ADMIN_ONLY;
}

export function isServerAdmin(user: UserCtx): boolean {
  return user.roles.includes(ROLE_SERVER);
}

export function requireServerAdmin(user: UserCtx): void {
  if (!isServerAdmin(user)) throw notAdmin(user);
}

export function isDbAdmin(user: UserCtx, sec: SecurityObject): boolean {
  if (isServerAdmin(user)) return true;
  return (
    (user.name !== null && sec.admins.names.includes(user.name)) || sec.admins.roles.some((r) => user.roles.includes(r))
  );
}

export function isMember(user: UserCtx, sec: SecurityObject): boolean {
  return isDbMember(user, sec);
}

/** Validates a `PUT /{db}/_security` body and fills in missing lists, as CouchDB stores it. */
export function parseSecurity(body: unknown): SecurityObject {
  if (!isPlainObject(body)) throw badRequest('The security object must be a JSON object');
  const list = (key: 'admins' | 'members') => {
    const v = body[key];
    if (v === undefined) return { names: [], roles: [] };
    if (!isPlainObject(v)) throw badRequest(`\`${key}\` must be an object`);
    const names = v.names ?? [];
    const roles = v.roles ?? [];
    if (!isStringArray(names)) throw badRequest(`\`${key}.names\` must be an array of strings`);
    if (!isStringArray(roles)) throw badRequest(`\`${key}.roles\` must be an array of strings`);
    return { names: [...names], roles: [...roles] };
  };
  for (const key of Object.keys(body)) {
    if (key !== 'admins' && key !== 'members') throw badRequest(`Unknown security field \`${key}\``);
  }
  return { admins: list('admins'), members: list('members') };
}
