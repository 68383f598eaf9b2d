// /settings/{section}: Edit Profile (names, picture), Update Location, Change Password, Notifications.
// Profile writes go to this device first (they work offline and sync later); the password
// change and the picture upload need the network.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { settingsPasswordFormSchema } from '../../../../design-docs/src/schemas/api.ts';
import { profileLocationInputSchema, profileNameInputSchema } from '../../../../design-docs/src/schemas/profile.ts';
import { profileId } from '../../../../design-docs/src/ids.ts';
import { TERRITORIES, isTerritory } from '../../../../design-docs/src/territories.ts';
import { Button, FormError, SelectField, Spinner, TextField, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useSession, useSyncStatus } from '../../data/react.ts';
import { useMyProfile } from '../../data/hooks/use-profile.ts';
import { useSessionReady } from '../../data/session-ready.ts';
import type { Profile } from '../../data/repos/profiles.ts';
import {
  AVATAR_SAVED,
  AVATAR_SAVE_FAILED,
  NO_USER,
  PASSWORD_SAVED,
  PASSWORD_SAVE_FAILED,
  PROFILE_LOAD_FAILED,
  PROFILE_SAVED,
  PROFILE_SAVE_FAILED,
  SAVED_OFFLINE,
} from '../../components/account/account-texts.ts';
import { AvatarField, AvatarImage } from '../../components/account/avatar-field.tsx';
import { avatarErrorText, avatarFileProblem, saveAvatar } from '../../components/account/avatar-upload.ts';
import { fieldOfServerError, serverMessage } from '../../components/account/error-text.ts';
import { checkForm, fieldError } from '../../components/form/form-validation.ts';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../components/form/use-single-flight.ts';
import { useStoredField } from '../../components/form/use-stored-field.ts';
import { NotificationsSection } from './notifications-section.tsx';
import '../../components/account/account.css';

export const SETTINGS_SECTIONS = [
  { id: 'profile', title: 'Edit Profile' },
  { id: 'location', title: 'Update Location' },
  { id: 'password', title: 'Change Password' },
  { id: 'notifications', title: 'Notifications' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

const TERRITORY_OPTIONS = TERRITORIES.map((t) => ({ value: t, label: t }));
/** How long a signed-in member waits for their profile to arrive before it counts as failed. */
const PROFILE_WAIT_MS = 15_000;

function isSection(value: string | undefined): value is SettingsSection {
  return SETTINGS_SECTIONS.some((s) => s.id === value);
}

export function SettingsScreen() {
  const { section } = useParams<{ section?: string }>();
  const location = useLocation();
  const session = useSession();
  const ready = useSessionReady();
  const sync = useSyncStatus();
  const userId = session.user?.id ?? null;
  const profile = useMyProfile(userId);
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const missing = userId !== null && !profile.loading && !profile.error && !profile.data;

  // A just-created member's profile arrives with the first pull; give it a moment.
  useEffect(() => {
    setWaitedTooLong(false);
    if (!missing) return;
    const timer = setTimeout(() => setWaitedTooLong(true), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [missing]);

  if (section !== undefined && !isSection(section)) return <Navigate to="/settings/profile" replace />;
  const current: SettingsSection = section ?? 'profile';
  const title = SETTINGS_SECTIONS.find((s) => s.id === current)?.title ?? 'Settings';

  let body;
  if (!userId && !ready) {
    body = (
      <div className="account-center">
        <Spinner label="Loading..." />
      </div>
    );
  } else if (!userId) {
    body = (
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
  } else if (current === 'password') {
    body = <PasswordSection />;
  } else if (current === 'notifications') {
    body = <NotificationsSection userId={userId} />;
  } else if (profile.error || (missing && (waitedTooLong || sync.state === 'offline'))) {
    body = (
      <p className="form-error" role="alert">
        {PROFILE_LOAD_FAILED}
      </p>
    );
  } else if (!profile.data) {
    body = (
      <div className="account-center">
        <Spinner label="Loading..." />
      </div>
    );
  } else if (current === 'profile') {
    body = <ProfileSection key={profile.data._id} profile={profile.data} />;
  } else {
    body = <LocationSection key={profile.data._id} profile={profile.data} />;
  }

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
        {body}
      </section>
    </div>
  );
}

/** Under a profile form: whether the last change is still on its way, or was refused. */
function SyncNote({ userId }: { userId: string }) {
  const sync = useSyncStatus();
  const id = profileId(userId);
  const denied = sync.denied.find((d) => d.db === 'members' && d.id === id);
  if (denied) {
    return (
      <p className="settings-sync-note settings-sync-note--denied" role="alert">
        The server refused your last profile change: {denied.reason}
      </p>
    );
  }
  if (sync.pendingItems.some((p) => p.db === 'members' && p.id === id)) {
    return (
      <p className="settings-sync-note">
        {sync.state === 'offline' ? 'Saved on this device; it syncs when you are back online.' : 'Saved on this device; syncing…'}
      </p>
    );
  }
  return null;
}

function useProfileSaver() {
  const data = useDataLayer();
  const toast = useToast();
  const sync = useSyncStatus();
  return async (patch: Parameters<typeof data.profiles.updateMine>[0]): Promise<boolean> => {
    try {
      await data.profiles.updateMine(patch);
      toast.success(PROFILE_SAVED);
      if (sync.state === 'offline') toast.info(SAVED_OFFLINE);
      return true;
    } catch {
      toast.error(PROFILE_SAVE_FAILED);
      return false;
    }
  };
}

function ProfileSection({ profile }: { profile: Profile }) {
  const [firstName, setFirstName] = useStoredField(profile.first_name ?? '');
  const [lastName, setLastName] = useStoredField(profile.last_name ?? '');
  const { busy, running, run } = useSingleFlight();
  const form = useFormProblems();
  const { problems } = form;
  const save = useProfileSaver();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (running()) return;
    const checked = checkForm(profileNameInputSchema, { first_name: firstName, last_name: lastName });
    if (!checked.ok) return form.fail(checked);
    form.clear();
    await run(async () => {
      if (await save(checked.data)) {
        setFirstName(checked.data.first_name);
        setLastName(checked.data.last_name);
      }
    });
  }

  return (
    <>
      <AvatarSection profile={profile} />
      <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate aria-label="Your name">
        <FormError message={problems?.message} />
        <div className="account-form__pair">
          <TextField label="First name" name="first_name" autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} error={fieldError(problems, 'first_name', firstName)} />
          <TextField label="Last name" name="last_name" autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} error={fieldError(problems, 'last_name', lastName)} />
        </div>
        <SyncNote userId={profile.user_id} />
        <div className="account-form__actions">
          <Button type="submit" busy={busy} className="account-form__submit">
            Save Changes
          </Button>
        </div>
      </form>
    </>
  );
}

function AvatarSection({ profile }: { profile: Profile }) {
  const data = useDataLayer();
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inFlight = useRef(false);

  async function pick(file: File | null) {
    if (!file || inFlight.current) return;
    const problem = avatarFileProblem(file);
    // A problem with the picture is said once, at the field (announced there), not again in a toast.
    if (problem) {
      setError(problem);
      return;
    }
    inFlight.current = true;
    setError(undefined);
    setProgress(0);
    try {
      await saveAvatar(data, file, (fraction) => setProgress(fraction * 100));
      toast.success(AVATAR_SAVED);
    } catch (err) {
      setError(avatarErrorText(err, AVATAR_SAVE_FAILED));
    } finally {
      inFlight.current = false;
      setProgress(null);
    }
  }

  return (
    <div className="account-form settings-avatar">
      <AvatarField
        label="Profile picture"
        hint="An image file up to 30MB."
        current={<AvatarImage path={profile.avatar_url ?? null} />}
        error={error}
        progress={progress}
        disabled={progress !== null}
        onPick={(file) => void pick(file)}
      />
    </div>
  );
}

function LocationSection({ profile }: { profile: Profile }) {
  const [territory, setTerritory] = useStoredField(profile.territory ?? '');
  const [locality, setLocality] = useStoredField(profile.locality ?? '');
  const { busy, running, run } = useSingleFlight();
  const form = useFormProblems();
  const { problems } = form;
  const save = useProfileSaver();
  // A territory saved before the list existed still shows, so saving something else keeps it visible.
  const options = territory && !isTerritory(territory) ? [{ value: territory, label: territory }, ...TERRITORY_OPTIONS] : TERRITORY_OPTIONS;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (running()) return;
    const checked = checkForm(profileLocationInputSchema, { territory, locality });
    if (!checked.ok) return form.fail(checked);
    form.clear();
    await run(async () => {
      if (await save(checked.data)) setLocality(checked.data.locality);
    });
  }

  return (
    <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate aria-labelledby="settings-heading">
      <FormError message={problems?.message} />
      <SelectField
        label="Territory"
        name="territory"
        required
        placeholder="Select your territory"
        options={options}
        value={territory}
        onChange={(e) => setTerritory(e.target.value)}
        error={fieldError(problems, 'territory', territory)}
      />
      <TextField label="Locality" name="locality" autoComplete="address-level2" hint="Your town or city." required value={locality} onChange={(e) => setLocality(e.target.value)} error={fieldError(problems, 'locality', locality)} />
      <SyncNote userId={profile.user_id} />
      <div className="account-form__actions">
        <Button type="submit" busy={busy} className="account-form__submit">
          Save Location
        </Button>
      </div>
    </form>
  );
}

function PasswordSection() {
  const data = useDataLayer();
  const toast = useToast();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, running, run } = useSingleFlight();
  const form = useFormProblems();
  const { problems } = form;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (running()) return;
    const checked = checkForm(settingsPasswordFormSchema, { current_password: current, password, confirm_password: confirm });
    if (!checked.ok) return form.fail(checked);
    form.clear();
    await run(async () => {
      try {
        await data.changePassword(checked.data.current_password, checked.data.password);
        toast.success(PASSWORD_SAVED);
        navigate('/dashboard');
      } catch (err) {
        const message = serverMessage(err, PASSWORD_SAVE_FAILED);
        // A wrong current password or a too common new one is shown at its field; what was typed stays.
        const field = fieldOfServerError(err);
        if (field) form.fail({ message, fields: { [field]: message }, first: field });
        else form.failWith(message);
        toast.error(message);
      }
    });
  }

  return (
    <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate aria-labelledby="settings-heading">
      <FormError message={problems?.message} />
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={fieldError(problems, 'current_password', current)}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError(problems, 'password', password)}
      />
      <TextField
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={fieldError(problems, 'confirm_password', confirm)}
      />
      <div className="account-form__actions">
        <Button type="submit" busy={busy} className="account-form__submit">
          Update Password
        </Button>
      </div>
    </form>
  );
}
