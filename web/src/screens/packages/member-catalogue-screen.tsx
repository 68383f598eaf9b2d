// Fete Packages (/fete-packages) and Fete Rides (/fete-rides): members-only grids of active items
// by `order`. They read the members database on the device, so they work offline once pulled.
import { Link, useLocation } from 'react-router-dom';
import { listPhase } from '../../components/catalog/index.ts';
import { Spinner } from '../../components/ui/index.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import { useSession, useSyncStatus } from '../../data/react.ts';
import { usePackageList } from '../../data/hooks/use-packages.ts';
import type { CardType } from '../../lib/package-card-logic.ts';
import { PackageCard } from './package-card.tsx';
import { CATALOGUE_TEXTS, MEMBERS_ONLY_TITLE, SIGN_IN_LABEL } from './packages-texts.ts';
import type { CatalogueTexts } from './packages-texts.ts';
import './packages.css';

export function MemberCatalogueScreen({ type }: { type: CardType }) {
  const texts = CATALOGUE_TEXTS[type];
  const { user } = useSession();
  const ready = useSessionReady();
  const userId = user?.id ?? null;
  const query = usePackageList(type, userId);
  const sync = useSyncStatus();
  const headingId = `${type}-catalogue-title`;

  let body;
  if (userId === null && !ready) {
    // The session is still being restored: a member must not see the Members Only panel flash.
    body = <Loading text={texts.loading} />;
  } else if (userId === null) {
    body = <MembersOnly texts={texts} />;
  } else if (query.error) {
    body = (
      <div className="pack-panel" role="alert">
        <h2>Error</h2>
        <p>{texts.failed}</p>
      </div>
    );
  } else {
    const items = query.data ?? [];
    // The members database only arrives after sign-in, whatever the catalogue's state: while
    // its first pull runs, an empty device is loading, not empty (hence everSynced false).
    const phase = listPhase({ loading: query.loading, stored: items.length, shown: items.length, syncState: sync.state, everSynced: false });
    if (phase === 'loading') body = <Loading text={texts.loading} />;
    else if (phase === 'offline-empty')
      body = (
        <div className="list-status" role="status" data-testid="offline-empty">
          <p className="list-status__empty">You're offline, and no {texts.noun} are saved on this device yet.</p>
          <p>They will load when you're back online.</p>
        </div>
      );
    else if (phase === 'empty')
      body = (
        <div className="list-status" role="status">
          <p className="list-status__empty">{texts.empty}</p>
        </div>
      );
    else
      body = (
        <ul className="pack-grid" aria-label={texts.listLabel}>
          {items.map((item) => (
            <li key={item.id}>
              <PackageCard item={item} type={type} buttonLabel={texts.button} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <section className="page catalog-page pack-page" aria-labelledby={headingId}>
      <header className="catalog-page__header">
        <div>
          <h1 id={headingId}>{texts.title}</h1>
          {userId !== null && <p className="catalog-page__lead">{texts.lead}</p>}
        </div>
      </header>
      {body}
    </section>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="list-status" role="status">
      <Spinner size="sm" />
      <p>{text}</p>
    </div>
  );
}

function MembersOnly({ texts }: { texts: CatalogueTexts }) {
  const location = useLocation();
  return (
    <div className="pack-panel" data-testid="members-only">
      <h2>{MEMBERS_ONLY_TITLE}</h2>
      <p>{texts.signInText}</p>
      {/* Back here after signing in (the sign-in screen reads state.from). */}
      <Link className="btn btn--primary" to="/signin" state={{ from: location }}>
        {SIGN_IN_LABEL}
      </Link>
    </div>
  );
}
