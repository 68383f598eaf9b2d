// /settings/{section}: Edit Profile (names, picture), Update Location, Change Password, Notifications.
// Profile writes go to this device first (they work offline and sync later); the password
// change and the picture upload need the network. What to show is the controller's
// (use-settings-screen.ts); each section is a file of its own.
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/index.ts';
import { NO_USER, PROFILE_LOAD_FAILED } from '../../components/account/account-texts.ts';
import { LocationSection } from './location-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SETTINGS_SECTIONS, useSettingsScreen } from './use-settings-screen.ts';
import type { SettingsView } from './use-settings-screen.ts';
import '../../components/account/account.css';

export function SettingsScreen() {
  const { unknownSection, current, title, view } = useSettingsScreen();
  if (unknownSection) return <Navigate to="/settings/profile" replace />;
  return (
    <div className="settings-page">
      <nav className="settings-nav" aria-label="Settings">
        <ul>
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.id}>
              <Link to={`/settings/${s.id}`} aria-current={s.id === current ? 'page' : undefined}>
                {s.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account-card settings-card" aria-labelledby="settings-heading">
        <h1 id="settings-heading" className="account-card__title">
          {title}
        </h1>
        <SettingsBody view={view} />
      </section>
    </div>
  );
}

function SettingsBody({ view }: { view: SettingsView }) {
  const location = useLocation();
  switch (view.show) {
    case 'starting':
    case 'profile-loading':
      return (
        <div className="account-center">
          <Spinner label="Loading..." />
        </div>
      );
    case 'signed-out':
      return (
        <>
          <p className="form-error" role="alert">
            {NO_USER}
          </p>
          <p className="account-card__footer">
            <Link className="btn btn--primary" to="/signin" state={{ from: location }}>
              Sign In
            </Link>
          </p>
        </>
      );
    case 'password':
      return <PasswordSection />;
    case 'notifications':
      return <NotificationsSection userId={view.userId} />;
    case 'profile-failed':
      return (
        <p className="form-error" role="alert">
          {PROFILE_LOAD_FAILED}
        </p>
      );
    case 'profile':
      return <ProfileSection key={view.profile._id} profile={view.profile} />;
    case 'location':
      return <LocationSection key={view.profile._id} profile={view.profile} />;
  }
}
