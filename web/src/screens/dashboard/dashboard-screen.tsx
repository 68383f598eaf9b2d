// /dashboard, the Fete ID dashboard: the membership card and four
// tabs. Everything is read from the device's databases, so it all works offline. The selected
// tab lives in the URL (?tab=), so Back, a reload and a shared link keep it; the profile menu's
// navigation state (activeTab) is taken over into the URL.
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../data/react.ts';
import { useMyProfile } from '../../data/hooks/use-profile.ts';
import { useHasNewReceipts } from '../../data/hooks/use-receipts.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import { Spinner } from '../../components/ui/index.ts';
import type { AuthUser } from '../../data/auth-api.ts';
import type { Profile } from '../../data/repos/profiles.ts';
import { DASHBOARD_TABS, SIGN_IN_TEXT, tabOf } from './dashboard-logic.ts';
import type { DashboardTab } from './dashboard-logic.ts';
import { FeteIdCard } from './fete-id-card.tsx';
import type { CardMember } from './fete-id-card.tsx';
import { LikedTab } from './liked-tab.tsx';
import { AttendingTab } from './attending-tab.tsx';
import { ReceiptsTab } from './receipts-tab.tsx';
import { FormsTab } from './forms-tab.tsx';
import './dashboard.css';

/** The card from the profile; until it arrives (a new member's first pull), from the session. */
function cardMember(user: AuthUser, profile: Profile | null | undefined): CardMember {
  if (profile) return profile;
  return {
    user_id: user.id,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    membership_type: user.membership_type ?? null,
    membership_expires_at: user.membership_expires_at ?? null,
    role: user.role ?? null,
  };
}

export function DashboardScreen() {
  const session = useSession();
  const ready = useSessionReady();
  const user = session.user;

  if (!user) {
    if (!ready) {
      return (
        <section className="page dashboard">
          <Spinner label="Loading..." />
        </section>
      );
    }
    return (
      <section className="page dashboard dashboard--visitor" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">Fete ID</h1>
        <p className="dash-signin" data-testid="dashboard-signin">
          {SIGN_IN_TEXT}
        </p>
        <Link to="/signin" state={{ from: '/dashboard' }} className="btn btn--primary">
          Sign In
        </Link>
      </section>
    );
  }
  return <MemberDashboard user={user} />;
}

function MemberDashboard({ user }: { user: AuthUser }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = tabOf(params.get('tab'), location.state);
  const tabRefs = useRef<Partial<Record<DashboardTab, HTMLButtonElement | null>>>({});
  // The card's clock: the expiry warning is worked out per visit, not per second.
  const [now] = useState(() => new Date());

  const { data: profile } = useMyProfile(user.id);
  const { data: hasNewReceipts } = useHasNewReceipts(user.id);

  // The profile menu sends { activeTab } without a query: write it into the URL once.
  useEffect(() => {
    if (params.get('tab') === null && tab !== 'liked') navigate({ search: `?tab=${tab}` }, { replace: true });
  }, [params, tab, navigate]);

  function select(next: DashboardTab, focus = false) {
    if (next !== tab) navigate({ search: next === 'liked' ? '' : `?tab=${next}` }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const i = DASHBOARD_TABS.findIndex((t) => t.id === tab);
    const last = DASHBOARD_TABS.length - 1;
    const to = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to === null) return;
    e.preventDefault();
    select(DASHBOARD_TABS[to]!.id, true);
  }

  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="visually-hidden">
        Fete ID
      </h1>
      <FeteIdCard member={cardMember(user, profile)} now={now} />

      <div className="dash-tabs" role="tablist" aria-label="Dashboard">
        {DASHBOARD_TABS.map((t) => {
          const selected = t.id === tab;
          const dot = t.id === 'receipts' && hasNewReceipts === true && !selected;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`dash-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`dash-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              className="dash-tabs__tab"
              aria-label={dot ? `${t.label}, new` : undefined}
              onClick={() => select(t.id)}
              onKeyDown={onTabKeyDown}
            >
              {t.label}
              {dot && <span className="dash-tabs__dot" aria-hidden="true" data-testid="receipts-new-dot" />}
            </button>
          );
        })}
      </div>

      <div className="dash-panel" role="tabpanel" id={`dash-panel-${tab}`} aria-labelledby={`dash-tab-${tab}`} tabIndex={0}>
        {tab === 'liked' && <LikedTab userId={user.id} />}
        {tab === 'attending' && <AttendingTab userId={user.id} />}
        {tab === 'receipts' && <ReceiptsTab userId={user.id} />}
        {tab === 'forms' && <FormsTab userId={user.id} />}
      </div>
    </section>
  );
}
