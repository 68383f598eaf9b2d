// Users (/admin/users, ADR 026): search members, make or remove admins, extend or
// end a membership, give a restaurant its owner, delete an account. Accounts are the server's,
// so every action is a call to it; its answer updates the row, and its refusal is shown as
// said. The search, the page and each row's restaurant choice stay on screen through failures.
import { AdminListLoading, AdminLoadError } from '../admin-list-status.tsx';
import { useId, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import { useViewer } from '../../../components/catalog/use-viewer.ts';
import { Button, ConfirmDialog, TextField, useToast } from '../../../components/ui/index.ts';
import type { SelectOption } from '../../../components/ui/index.ts';
import { useDataLayer } from '../../../data/react.ts';
import { useAllRestaurants } from '../../../data/hooks/use-restaurants.ts';
import type { AdminUser } from '../../../data/repos/admin-users.ts';
import { AdminOnly } from '../admin-only.tsx';
import { UserRow } from './user-row.tsx';
import type { UserAction } from './user-row.tsx';
import { useAdminUsers } from './use-admin-users.ts';
import { PER_PAGE, USERS_TEXTS, deleteQuestion, failureText, pageCount } from './users-logic.ts';
import './admin-users.css';

export function ManageUsersScreen() {
  return (
    <AdminOnly>
      <ManageUsers />
    </AdminOnly>
  );
}

const ACTION_NAMES: Record<UserAction, string> = {
  role: 'Changing the admin role',
  extend: 'Extending the membership',
  end: 'Ending the membership',
  restaurant: 'Assigning the restaurant',
  delete: 'Deleting the account',
};

function ManageUsers() {
  useDocumentTitle(USERS_TEXTS.heading);
  const data = useDataLayer();
  const { user: me } = useViewer();
  const toast = useToast();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminUsers(search, page);
  const [busy, setBusy] = useState<Record<string, UserAction>>({});
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const now = new Date();

  const restaurants = useAllRestaurants();
  const { options, ownedBy } = useMemo(() => {
    const all = [...(restaurants.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const opts: SelectOption[] = [{ value: '', label: USERS_TEXTS.noRestaurant }, ...all.map((r) => ({ value: r.id, label: r.name }))];
    const owned = new Map<string, { id: string; name: string }>();
    for (const r of all) if (r.owner_id) owned.set(r.owner_id, { id: r.id, name: r.name });
    return { options: opts, ownedBy: owned };
  }, [restaurants.data]);

  const run = async (user: AdminUser, action: UserAction) => {
    setBusy((b) => ({ ...b, [user.id]: action }));
    try {
      const users = data.admin.users;
      if (action === 'role') {
        const makeAdmin = user.role !== 'admin';
        list.patch(await users.setAdmin(user.id, makeAdmin));
        toast.success(makeAdmin ? USERS_TEXTS.madeAdmin : USERS_TEXTS.removedAdmin);
      } else if (action === 'extend') {
        list.patch(await users.extendMembership(user.id));
        toast.success(USERS_TEXTS.extended);
      } else if (action === 'end') {
        list.patch(await users.endMembership(user.id));
        toast.success(USERS_TEXTS.ended);
      } else if (action === 'restaurant') {
        const pick = chosen[user.id] ?? ownedBy.get(user.id)?.id ?? '';
        await users.assignRestaurant(user.id, pick === '' ? null : pick);
        setChosen(({ [user.id]: _done, ...rest }) => rest);
        toast.success(pick === '' ? USERS_TEXTS.unassigned : USERS_TEXTS.assigned);
      } else {
        await users.remove(user.id);
        list.drop(user.id);
        setDeleting(null);
        toast.success(USERS_TEXTS.deleted);
      }
    } catch (err) {
      toast.error(failureText(ACTION_NAMES[action], err));
    } finally {
      setBusy(({ [user.id]: _done, ...rest }) => rest);
    }
  };

  const result = list.result;
  const pages = result ? pageCount(result.total, PER_PAGE) : 1;
  let body;
  if (list.failed && !result) {
    body = <AdminLoadError message={USERS_TEXTS.loadFailed} onRetry={list.reload} />;
  } else if (!result) {
    body = <AdminListLoading />;
  } else if (result.users.length === 0) {
    body = (
      <p className="list-status" role="status">
        {USERS_TEXTS.empty}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="users-admin__list" aria-label={USERS_TEXTS.listLabel} aria-busy={list.loading}>
          {result.users.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              isSelf={u.id === me?.id}
              now={now}
              ownedName={ownedBy.get(u.id)?.name ?? null}
              restaurantOptions={options}
              chosen={chosen[u.id] ?? ownedBy.get(u.id)?.id ?? ''}
              busy={busy[u.id] ?? null}
              onChoose={(id) => setChosen((c) => ({ ...c, [u.id]: id }))}
              onAction={(action) => (action === 'delete' ? setDeleting(u) : void run(u, action))}
            />
          ))}
        </ul>
        <nav className="users-admin__pages" aria-label="Pages of users">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </Button>
          <p>
            Page {Math.min(page, pages)} of {pages} ({result.total} {result.total === 1 ? 'user' : 'users'})
          </p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      </>
    );
  }

  return (
    <section className="page admin-page users-admin" aria-labelledby={headingId}>
      <header className="admin-page__header">
        <h1 id={headingId}>{USERS_TEXTS.heading}</h1>
      </header>
      <div className="users-admin__toolbar" role="search">
        <TextField
          label={USERS_TEXTS.searchLabel}
          type="search"
          placeholder={USERS_TEXTS.searchPlaceholder}
          value={search}
          maxLength={200}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.failed && result && (
        <p className="admin-error" role="alert">
          {USERS_TEXTS.loadFailed}. The list below may be out of date.{' '}
          <Button variant="ghost" onClick={list.reload}>
            Try again
          </Button>
        </p>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete account"
        message={deleting ? deleteQuestion(deleting) : ''}
        confirmLabel="Delete account"
        tone="danger"
        busy={deleting !== null && busy[deleting.id] === 'delete'}
        onConfirm={() => deleting && void run(deleting, 'delete')}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
