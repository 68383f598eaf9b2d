// /signup: the three-step wizard ('Step N of 3'). Nothing typed is lost going Back and Next or
// when the submit fails; the draft (without the password) survives a reload in sessionStorage.
// The server answers sign-up with a session, so the new member is signed in at the end.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { signupAccountSchema, signupBodySchema, signupLocationSchema } from '../../../../design-docs/src/schemas/api.ts';
import { TERRITORIES } from '../../../../design-docs/src/territories.ts';
import { Button, FormError, SelectField, TextField, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useSession } from '../../data/react.ts';
import { AVATAR_SAVED, AVATAR_SAVE_FAILED, PREMIUM_PRICE } from '../../components/account/account-texts.ts';
import { AvatarField, UploadProgress } from '../../components/account/avatar-field.tsx';
import { attachSignupAvatar, avatarErrorText, avatarFileProblem, uploadSignupAvatar } from '../../components/account/avatar-upload.ts';
import { accountFailureText, deviceOnline, errorCode, fieldOfServerError } from '../../components/account/error-text.ts';
import { checkForm, fieldError } from '../../components/form/form-validation.ts';
import { requestPersistentStorage } from './persist-storage.ts';
import { returnPath } from './return-path.ts';
import { clearDraft, defaultDraftStorage, loadDraft, saveDraft } from './signup-draft.ts';
import type { SignupDraft, SignupStep } from './signup-draft.ts';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import '../../components/account/account.css';

const STEP_TITLES: Record<SignupStep, string> = { 1: 'Create Account', 2: 'Profile Details', 3: 'Choose Membership' };
const TERRITORY_OPTIONS = TERRITORIES.map((t) => ({ value: t, label: t }));

export function SignUpScreen() {
  const data = useDataLayer();
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const storage = useMemo(defaultDraftStorage, []);
  const [restored] = useState(() => loadDraft(storage));
  const [draft, setDraft] = useState<SignupDraft>(() => ({ ...restored, step: 1 }));
  // A reload forgets the password, so a restored draft starts again at step 1 with it empty.
  const [passwordForgotten, setPasswordForgotten] = useState(() => restored.step > 1);
  const [password, setPassword] = useState('');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(draft.step);
  const form = useFormProblems();
  const { problems } = form;
  const step = draft.step;

  useEffect(() => {
    saveDraft(storage, draft);
  }, [storage, draft]);

  // A new step is announced by moving focus to its heading.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  if (session.status === 'signed-in' && !busy && !inFlight.current) return <Navigate to={returnPath(location.state)} replace />;

  const set = (field: keyof Omit<SignupDraft, 'step'>) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const goTo = (next: SignupStep) => {
    form.clear();
    setDraft((d) => ({ ...d, step: next }));
  };

  function pickAvatar(file: File | null) {
    const problem = file ? avatarFileProblem(file) : null;
    setAvatarError(problem ?? undefined);
    setAvatar(problem ? null : file);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (step === 1) {
      const checked = checkForm(signupAccountSchema, { ...draft, password });
      if (!checked.ok) return form.fail(checked);
      setPasswordForgotten(false);
      return goTo(2);
    }
    if (step === 2) {
      const checked = checkForm(signupLocationSchema, draft);
      if (!checked.ok) return form.fail(checked);
      return goTo(3);
    }
    if (inFlight.current) return;
    const checked = checkForm(signupBodySchema, { ...draft, password });
    if (!checked.ok) return form.failWith(checked.message);
    inFlight.current = true;
    setBusy(true);
    form.clear();
    try {
      const grant = await data.signUp(checked.data);
      if (!grant?.user?.id) throw new Error('no user');
      clearDraft(storage);
      void requestPersistentStorage();
    } catch (err) {
      const message = accountFailureText('sign-up', err, deviceOnline());
      setBusy(false);
      inFlight.current = false;
      // The fix is on step 1 (a taken e-mail, a too common password): go there, nothing typed
      // is lost, and the cursor goes to that field.
      const field = errorCode(err) === 'email_taken' ? 'email' : fieldOfServerError(err) === 'password' ? 'password' : null;
      if (field) {
        shownStep.current = 1;
        goTo(1);
        form.fail({ message, fields: { [field]: message }, first: field });
      } else {
        form.failWith(message);
      }
      return;
    }
    // The member exists and is signed in: the picture goes up now, with its progress shown.
    // Whatever happens to it, the account stands; a failure says so and Settings can retry.
    if (avatar) {
      setUploadProgress(0);
      try {
        const path = await uploadSignupAvatar(data, avatar, (fraction) => setUploadProgress(fraction * 100));
        void attachSignupAvatar(data, path).then(
          () => toast.success(AVATAR_SAVED),
          () => toast.error(AVATAR_SAVE_FAILED),
        );
      } catch (err) {
        toast.error(avatarErrorText(err, AVATAR_SAVE_FAILED));
      }
    }
    navigate(returnPath(location.state), { replace: true });
  }

  return (
    <div className="account-page">
      <section className="account-card account-card--wide" aria-labelledby="signup-heading">
        <p className="account-steps" aria-hidden="true">
          {[1, 2, 3].map((n) => (
            <span key={n} className={n <= step ? 'account-steps__dot account-steps__dot--done' : 'account-steps__dot'} />
          ))}
        </p>
        <p className="account-steps__label">Step {step} of 3</p>
        <h1 id="signup-heading" className="account-card__title" ref={headingRef} tabIndex={-1}>
          {STEP_TITLES[step]}
        </h1>
        <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate aria-labelledby="signup-heading">
          <FormError message={problems?.message} />
          {step === 1 && (
            <>
              {passwordForgotten && (
                <p className="account-notice" role="status">
                  We kept what you typed. For your safety the password is not kept; please enter it again.
                </p>
              )}
              <div className="account-form__pair">
                <TextField label="First name" name="first_name" autoComplete="given-name" required value={draft.first_name} onChange={(e) => set('first_name')(e.target.value)} error={fieldError(problems, 'first_name', draft.first_name)} />
                <TextField label="Last name" name="last_name" autoComplete="family-name" required value={draft.last_name} onChange={(e) => set('last_name')(e.target.value)} error={fieldError(problems, 'last_name', draft.last_name)} />
              </div>
              <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required value={draft.email} onChange={(e) => set('email')(e.target.value)} error={fieldError(problems, 'email', draft.email)} />
              <PasswordField
                label="Password"
                name="password"
                purpose="new"
                hint="At least 6 characters."
                value={password}
                onValue={setPassword}
                problems={problems}
              />
            </>
          )}
          {step === 2 && (
            <>
              <AvatarField label="Profile picture (optional)" hint="You can add or change it later in Settings." file={avatar} error={avatarError} disabled={busy} onPick={pickAvatar}>
                {avatar && (
                  <Button variant="ghost" onClick={() => pickAvatar(null)}>
                    Remove picture
                  </Button>
                )}
              </AvatarField>
              <SelectField
                label="Territory"
                name="territory"
                required
                placeholder="Select your territory"
                options={TERRITORY_OPTIONS}
                value={draft.territory}
                onChange={(e) => set('territory')(e.target.value)}
                error={fieldError(problems, 'territory', draft.territory)}
              />
              <TextField label="Locality" name="locality" autoComplete="address-level2" hint="Your town or city." required value={draft.locality} onChange={(e) => set('locality')(e.target.value)} error={fieldError(problems, 'locality', draft.locality)} />
            </>
          )}
          {step === 3 && <MembershipChoice />}
          {uploadProgress !== null && <UploadProgress percent={uploadProgress} label="Uploading your profile picture" />}
          <div className="account-form__actions">
            {step > 1 && (
              <Button variant="secondary" onClick={() => goTo((step - 1) as SignupStep)} disabled={busy}>
                Back
              </Button>
            )}
            <Button type="submit" busy={busy} className="account-form__submit">
              {step === 3 ? 'Create Account' : 'Next'}
            </Button>
          </div>
        </form>
        <p className="account-card__footer">
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      </section>
    </div>
  );
}

/** Gold is the only membership on offer; Premium is shown, priced, and cannot be picked. */
function MembershipChoice() {
  return (
    <fieldset className="membership-choice">
      <legend className="field__label">Membership</legend>
      <label className="membership-option membership-option--selected">
        <input type="radio" name="membership_type" value="gold" checked readOnly aria-labelledby="membership-gold-name membership-gold-price" aria-describedby="membership-gold-detail" />
        <span className="membership-option__body">
          <span className="membership-option__name" id="membership-gold-name">
            Gold
          </span>
          <span className="membership-option__price" id="membership-gold-price">
            Free
          </span>
          <span className="membership-option__detail" id="membership-gold-detail">
            Likes, attendance, ratings, chat, Fete Nation, packages and rides for 365 days.
          </span>
        </span>
      </label>
      <label className="membership-option membership-option--disabled">
        <input
          type="radio"
          name="membership_type"
          value="premium"
          disabled
          aria-labelledby="membership-premium-name membership-premium-price"
          aria-describedby="membership-premium-detail"
        />
        <span className="membership-option__body">
          <span className="membership-option__name" id="membership-premium-name">
            Premium <span className="membership-option__badge">Coming soon</span>
          </span>
          <span className="membership-option__price" id="membership-premium-price">
            {PREMIUM_PRICE}
          </span>
          <span className="membership-option__detail" id="membership-premium-detail">
            Premium is not available yet, so it cannot be chosen. Start with Gold; you can upgrade when Premium opens.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
