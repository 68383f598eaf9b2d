// Settings > Edit Profile: the picture (uploaded at once; it needs the network) and the names
// (saved on this device first; they work offline and sync later).
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { profileNameInputSchema } from '../../../../design-docs/src/schemas/profile.ts';
import { Button, FormError, TextField, useToast } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import type { Profile } from '../../data/repos/profiles.ts';
import { AVATAR_SAVED, AVATAR_SAVE_FAILED } from '../../components/account/account-texts.ts';
import { AvatarField, AvatarImage } from '../../components/account/avatar-field.tsx';
import { avatarErrorText, avatarFileProblem, saveAvatar } from '../../components/account/avatar-upload.ts';
import { checkForm, fieldError } from '../../components/form/form-validation.ts';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../components/form/use-single-flight.ts';
import { useStoredField } from '../../components/form/use-stored-field.ts';
import { SyncNote } from './profile-sync-note.tsx';
import { useProfileSaver } from './use-profile-saver.ts';

export function ProfileSection({ profile }: { profile: Profile }) {
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
