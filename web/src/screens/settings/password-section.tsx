// Settings > Change Password: needs the network; a wrong current password or a too common new
// one is shown at its field, and what was typed stays.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { settingsPasswordFormSchema } from '../../../../design-docs/src/schemas/api.ts';
import { Button, FormError, useToast } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { PASSWORD_SAVED, PASSWORD_SAVE_FAILED } from '../../components/account/account-texts.ts';
import { fieldOfServerError, serverMessage } from '../../components/account/error-text.ts';
import { checkForm } from '../../components/form/form-validation.ts';
import { PasswordField } from '../../components/form/password-field.tsx';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../components/form/use-single-flight.ts';

export function PasswordSection() {
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
      <PasswordField
        label="Current password"
        name="current_password"
        purpose="current"
        value={current}
        onValue={setCurrent}
        problems={problems}
      />
      <PasswordField
        label="New password"
        name="password"
        purpose="new"
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
      <div className="account-form__actions">
        <Button type="submit" busy={busy} className="account-form__submit">
          Update Password
        </Button>
      </div>
    </form>
  );
}
