// /reset-password?token=…: the target of the reset e-mail. The new password (twice) goes with
// the token to /api/auth/reset; an unknown, spent or expired token offers a new request.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { passwordChangeFormSchema } from '../../../../design-docs/src/schemas/api.ts';
import { Button, FormError } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { RESET_DONE, RESET_LINK_INVALID } from '../../components/account/account-texts.ts';
import { accountFailureText, deviceOnline, errorCode, fieldOfServerError } from '../../components/account/error-text.ts';
import { checkForm } from '../../components/form/form-validation.ts';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../components/form/use-single-flight.ts';
import '../../components/account/account.css';

type Outcome = 'form' | 'done' | 'invalid';

export function ResetPasswordScreen() {
  const data = useDataLayer();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? 'form' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, running, run } = useSingleFlight();
  const form = useFormProblems();
  const { problems } = form;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (running()) return;
    const checked = checkForm(passwordChangeFormSchema, { password, confirm_password: confirm });
    if (!checked.ok) return form.fail(checked);
    form.clear();
    await run(async () => {
      try {
        await data.resetPassword(token, checked.data.password);
        setOutcome('done');
      } catch (err) {
        const message = accountFailureText('reset-password', err, deviceOnline());
        if (errorCode(err) === 'invalid_token') setOutcome('invalid');
        // A too common password: said at the field, the link stays usable for another one.
        else if (fieldOfServerError(err) === 'password') form.fail({ message, fields: { password: message }, first: 'password' });
        else form.failWith(message);
      }
    });
  }

  return (
    <div className="account-page">
      <section className="account-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading" className="account-card__title">
          {outcome === 'done' ? 'Password Reset' : 'Choose a New Password'}
        </h1>
        {outcome === 'invalid' && (
          <>
            <p className="form-error" role="alert">
              {RESET_LINK_INVALID}
            </p>
            <p className="account-card__lead">Reset links work once and for one hour. Ask for a new one and use the newest e-mail.</p>
            <p className="account-card__footer">
              <Link className="btn btn--primary" to="/signin" state={{ view: 'reset' }}>
                Request a new link
              </Link>
            </p>
          </>
        )}
        {outcome === 'done' && (
          <>
            <p className="account-notice" role="status">
              {RESET_DONE}
            </p>
            <p className="account-card__footer">
              <Link className="btn btn--primary" to="/signin">
                Sign In
              </Link>
            </p>
          </>
        )}
        {outcome === 'form' && (
          <form ref={form.formRef} className="account-form" onSubmit={submit} noValidate aria-labelledby="reset-heading">
            <FormError message={problems?.message} />
            <PasswordField
              label="New password"
              name="password"
              purpose="new"
              hint="At least 6 characters."
              value={password}
              onValue={setPassword}
              problems={problems}
            />
            <PasswordField
              label="Confirm new password"
              name="confirm_password"
              purpose="new"
              value={confirm}
              onValue={setConfirm}
              problems={problems}
            />
            <Button type="submit" busy={busy} className="account-form__submit">
              Reset Password
            </Button>
            <p className="account-card__footer">
              <Link to="/signin">Back to Sign In</Link>
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
