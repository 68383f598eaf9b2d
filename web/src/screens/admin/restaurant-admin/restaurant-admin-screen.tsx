// Restaurant Management (/restaurant-admin; ADR 029): the owner of
// a restaurant edits its details and position, and its menu items, photos and discounts (the
// admin details page's own sections). Everything is read from the device and written ahead
// (owner-edits.ts), so it works with no signal; a banner says what waits, or what the server
// refused. An owner of several restaurants picks one; a member who owns none is told so.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { useSessionReady } from '../../../data/session-ready.ts';
import { useDocumentTitle } from '../../../components/catalog/use-document-title.ts';
import { useViewer } from '../../../components/catalog/use-viewer.ts';
import { Button, SelectField, Spinner } from '../../../components/ui/index.ts';
import { useWaitingOwnerEdits } from '../../../data/hooks/use-waiting-writes.ts';
import { useDataLayer } from '../../../data/react.ts';
import { useOwnedRestaurants } from '../../../data/hooks/use-restaurants.ts';
import type { Item } from '../../../data/repos/index.ts';
import { applyOwnerOps } from '../../../data/repos/owner-edits.ts';
import type { WaitingEdits } from '../../../data/repos/owner-edits.ts';
import { AdminKit } from '../kit/admin-kit.tsx';
import { DISCOUNTS, MENU, PHOTOS } from '../details/restaurant-detail-pages.ts';
import { useSubListPage } from '../details/sub-list-page.ts';
import '../admin.css';
import { OwnerDetailsForm } from './owner-details-form.tsx';
import { OWNER_TEXTS, waitingText } from './owner-logic.ts';
import { useOwnerParent } from './use-owner-parent.ts';
import './restaurant-admin.css';

export function RestaurantAdminScreen() {
  useDocumentTitle(OWNER_TEXTS.heading);
  const ready = useSessionReady();
  const { user } = useViewer();
  if (user === null) {
    if (!ready) return <Spinner label="Loading..." />;
    return (
      <section className="page owner" aria-labelledby="owner-title">
        <h1 id="owner-title">{OWNER_TEXTS.heading}</h1>
        <div className="admin-panel" role="status">
          <p>{OWNER_TEXTS.signIn}</p>
          <div>
            <Link className="btn btn--primary" to="/signin" state={{ from: { pathname: '/restaurant-admin' } }}>
              Sign In
            </Link>
          </div>
        </div>
      </section>
    );
  }
  return <OwnerPage key={user.id} />;
}

function OwnerPage() {
  const data = useDataLayer();
  const owner = data.restaurants.owner;
  const owned = useOwnedRestaurants();
  const waiting = useWaitingOwnerEdits();
  const [chosen, setChosen] = useState<string | null>(null);
  // Another tab may have written or published edits since this page last looked.
  useEffect(() => owner.refresh(), [owner]);

  let body;
  const list = owned.data ?? [];
  const current = list.find((r) => r.id === chosen) ?? list[0] ?? null;
  if (owned.loading && !owned.data) {
    body = <Spinner label="Loading..." />;
  } else if (owned.error && !owned.data) {
    body = (
      <div className="admin-panel" role="alert">
        <p>{OWNER_TEXTS.loadFailed}</p>
      </div>
    );
  } else if (!current) {
    body = (
      <div className="admin-panel" role="status" data-testid="no-restaurant">
        <p>{OWNER_TEXTS.noRestaurant}</p>
      </div>
    );
  } else {
    const view = applyOwnerOps(current, waiting[current.id]?.ops ?? []);
    body = (
      <>
        {list.length > 1 && (
          <SelectField
            label="Restaurant"
            name="restaurant"
            options={list.map((r) => ({ value: r.id, label: r.name }))}
            value={current.id}
            onChange={(e) => setChosen(e.target.value)}
          />
        )}
        <WaitingBanner waiting={waiting[current.id]} onDismiss={() => owner.dismiss(current.id)} />
        <OwnerDetailsForm key={current.id} restaurant={view} />
        <OwnerSubLists key={`lists-${current.id}`} restaurant={view} />
      </>
    );
  }

  return (
    <section className="page admin-page owner" aria-labelledby="owner-title">
      <header className="admin-page__header">
        <h1 id="owner-title">{OWNER_TEXTS.heading}</h1>
      </header>
      {body}
    </section>
  );
}

function WaitingBanner({ waiting, onDismiss }: { waiting: WaitingEdits | undefined; onDismiss(): void }) {
  if (!waiting) return null;
  return (
    <>
      {waiting.refused && (
        <div className="owner__refused" role="alert" data-testid="owner-refused">
          <p>
            {OWNER_TEXTS.updateFailed}: {waiting.refused}
          </p>
          <Button variant="secondary" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      )}
      {waiting.ops.length > 0 && (
        <p className="owner__waiting" role="status" data-testid="owner-waiting">
          {waitingText(waiting.ops.length)}
        </p>
      )}
    </>
  );
}

function OwnerSubLists({ restaurant }: { restaurant: Item<RestaurantDoc> }) {
  const parent = useOwnerParent(restaurant.id, restaurant);
  const menu = useSubListPage(parent, 'menu_items', MENU);
  const photos = useSubListPage(parent, 'photos', PHOTOS);
  const discounts = useSubListPage(parent, 'discounts', DISCOUNTS);
  return (
    <div className="owner__sections">
      <AdminKit page={menu} embedded />
      <AdminKit page={photos} embedded />
      <AdminKit page={discounts} embedded />
    </div>
  );
}
