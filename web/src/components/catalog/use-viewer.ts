// Who is looking: a visitor, a member, or an admin. The UI hides what a role may not do; the
// server refuses it anyway.
import { useSession } from '../../data/react.ts';
import type { AuthUser } from '../../data/auth-api.ts';

export interface Viewer {
  user: AuthUser | null;
  signedIn: boolean;
  isAdmin: boolean;
}

export function isAdminUser(user: AuthUser | null | undefined): boolean {
  return user?.is_admin === true || user?.role === 'admin';
}

export function useViewer(): Viewer {
  const { user } = useSession();
  return { user, signedIn: user !== null, isAdmin: isAdminUser(user) };
}
