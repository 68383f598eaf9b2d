// /signin: 'Welcome Back', and the 'Reset Password' view behind 'Forgot Password?'.
// After signing in the member goes back where they came from (location state `from`) or home.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { resetRequestBodySchema, signinBodySchema } from '../../../../design-docs/src/schemas/api.ts';
import { Button, FormError, TextField, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useSession } from '../../data/react.ts';
import { MEMBERSHIP_EXPIRED_MESSAGE, RESET_CHECK_EMAIL, RESET_SENT, membershipWarningText } from '../../components/account/account-texts.ts';
import { accountFailureText, deviceOnline } from '../../components/account/error-text.ts';
import { checkForm, fieldError } from '../../components/form/form-validation.ts';
import { requestPersistentStorage } from './persist-storage.ts';
import { returnPath } from './return-path.ts';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import '../../components/account/account.css';

type View = 'signin' | 'reset';

function initialView(state: unknown): View {
  return (state as { view?: unknown } | null)?.view === 'reset' ? 'reset' : 'signin';
}

export function SignInScreen() {
  const location = useLocation();
  const session = useSession();
  const [view, setView] = useState<View>(() => initialView(location.state));
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);

  // A switch of view is announced by moving focus to the new heading.
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    headingRef.current?.focus();
  }, [view]);

  if (session.status === 'signed-in' && !busy) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <div className="account-page">
      <section className="account-card" aria-labelledby="signin-heading">
        {view === 'signin' ? (
          <SignInForm
            headingRef={headingRef}
            email={email}
            onEmail={setEmail}
            onBusy={setBusy}
            expired={session.reason === 'membership_expired'}
            onForgot={() => setView('reset')}
          />
        ) : (
          <ResetRequestForm headingRef={headingRef} email={email} onEmail={setEmail} onBack={() => setView('signin')} />
        )}
      </section>
    </div>
  );
}

interface SignInFormProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  email: string;
  onEmail(email: string): void;
  onBusy(busy: boolean): void;
  /** The session was ended because the membership ran out. */
  expired: boolean;
  onForgot(): void;
}

function SignInForm({ headingRef, email, onEmail, onBusy, expired, onForgot }: SignInFormProps) {
  const data = useDataLayer();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const form = useFormProblems();
  const problems = form.problems ?? (expired ? { message: MEMBERSHIP_EXPIRED_MESSAGE, fields: {}, first: null } : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    const checked = checkForm(signinBodySchema, { email, password });
    if (!checked.ok) return form.fail(checked);
    inFlight.current = true;
    setBusy(true);
    onBusy(true);
    form.clear();
    try {
      const grant = await data.signIn(checked.data.email, checked.data.password);
      void requestPersistentStorage();
      if (grant.warning) toast.show({ message: membershipWarningText(grant.warning), tone: 'info', durationMs: null });
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      // The e-mail and password stay in the fields, whatever went wrong.
      form.failWith(accountFailureText('sign-in', err, deviceOnline()));
      setBusy(false);
      onBusy(false);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <>
      <h1 id="signin-heading" className="account-card__title" ref={headingRef} tabIndex={-1}>
        Welcome Back
      </h1>
      <p className="account-card__lead">Sign in to your Fete account.</p>
      <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate>
        <FormError message={problems?.message} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => onEmail(e.target.value)}
          error={fieldError(problems, 'email', email)}
        />
        <PasswordField
          label="Password"
          name="password"
          purpose="current"
          value={password}
          onValue={setPassword}
          problems={problems}
        />
        <div className="account-form__row account-form__row--end">
          <Button variant="ghost" onClick={onForgot} disabled={busy}>
            Forgot Password?
          </Button>
        </div>
        <Button type="submit" busy={busy} className="account-form__submit">
          Sign In
        </Button>
      </form>
      <p className="account-card__footer">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </>
  );
}

interface ResetRequestFormProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  email: string;
  onEmail(email: string): void;
  onBack(): void;
}

function ResetRequestForm({ headingRef, email, onEmail, onBack }: ResetRequestFormProps) {
  const data = useDataLayer();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const inFlight = useRef(false);
  const form = useFormProblems();
  const problems = form.problems;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    const checked = checkForm(resetRequestBodySchema, { email });
    if (!checked.ok) return form.fail(checked);
    inFlight.current = true;
    setBusy(true);
    form.clear();
    try {
      await data.requestPasswordReset(checked.data.email);
      setSent(true);
    } catch (err) {
      form.failWith(accountFailureText('reset-request', err, deviceOnline()));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <h1 id="signin-heading" className="account-card__title" ref={headingRef} tabIndex={-1}>
        Reset Password
      </h1>
      {sent ? (
        <div className="account-notice" role="status">
          <p className="account-notice__title">{RESET_CHECK_EMAIL}</p>
          <p>{RESET_SENT}</p>
        </div>
      ) : (
        <>
          <p className="account-card__lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
          <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate>
            <FormError message={problems?.message} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => onEmail(e.target.value)}
              error={fieldError(problems, 'email', email)}
            />
            <Button type="submit" busy={busy} className="account-form__submit">
              Send Reset Instructions
            </Button>
          </form>
        </>
      )}
      <p className="account-card__footer">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back to Sign In
        </Button>
      </p>
    </>
  );
}
