// One member in the Users list: who they are, their role and membership, the restaurant they
// own, and the admin's actions. The admin's own row offers no role change and no delete (the
// server refuses them anyway). The restaurant choice is kept by the screen, so a failed
// assignment keeps what was chosen.
import { useId } from 'react';
import { Button, SelectField } from '../../../components/ui/index.ts';
import type { SelectOption } from '../../../components/ui/index.ts';
import type { AdminUser } from '../../../data/repos/admin-users.ts';
import { fullName, isExpired, membershipLabel, roleLabel } from './users-logic.ts';

export type UserAction = 'role' | 'extend' | 'end' | 'restaurant' | 'delete';

export interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  now: Date;
  /** The restaurant this member owns now, by name; null for none. */
  ownedName: string | null;
  restaurantOptions: readonly SelectOption[];
  /** The restaurant chosen in the select (the owned one until changed). */
  chosen: string;
  busy: UserAction | null;
  onChoose: (restaurantId: string) => void;
  onAction: (action: UserAction) => void;
}

export function UserRow({ user, isSelf, now, ownedName, restaurantOptions, chosen, busy, onChoose, onAction }: UserRowProps) {
  const titleId = useId();
  const name = fullName(user);
  const expired = isExpired(user, now);
  const anyBusy = busy !== null;
  return (
    <li className="admin-panel users-admin__row" aria-labelledby={titleId} data-testid="user-row">
      <div className="users-admin__who">
        <h2 id={titleId} className="users-admin__name">
          {name}
          {isSelf && <span className="users-admin__you"> (you)</span>}
        </h2>
        <span className={`users-admin__badge users-admin__badge--${user.role}`}>{roleLabel(user)}</span>
      </div>
      <dl className="users-admin__facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{roleLabel(user)}</dd>
        </div>
        <div>
          <dt>Membership</dt>
          <dd className={expired ? 'users-admin__expired' : undefined}>{membershipLabel(user, now)}</dd>
        </div>
        <div>
          <dt>Restaurant</dt>
          <dd>{ownedName ?? 'None'}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        {!isSelf && (
          <Button variant="secondary" busy={busy === 'role'} disabled={anyBusy} onClick={() => onAction('role')}>
            {user.role === 'admin' ? 'Remove admin' : 'Make admin'}
          </Button>
        )}
        {user.membership_expires_at !== null && (
          <Button variant="secondary" busy={busy === 'extend'} disabled={anyBusy} onClick={() => onAction('extend')}>
            Extend membership
          </Button>
        )}
        {!isSelf && !expired && (
          <Button variant="secondary" busy={busy === 'end'} disabled={anyBusy} onClick={() => onAction('end')}>
            End membership
          </Button>
        )}
        {!isSelf && (
          <Button variant="danger" busy={busy === 'delete'} disabled={anyBusy} onClick={() => onAction('delete')}>
            Delete account
          </Button>
        )}
      </div>
      <form
        className="users-admin__assign"
        onSubmit={(e) => {
          e.preventDefault();
          onAction('restaurant');
        }}
      >
        <SelectField label={`Restaurant owned by ${name}`} options={restaurantOptions} value={chosen} onChange={(e) => onChoose(e.target.value)} disabled={anyBusy} />
        <Button type="submit" variant="secondary" busy={busy === 'restaurant'} disabled={anyBusy}>
          Assign restaurant
        </Button>
      </form>
    </li>
  );
}
