// Settings > Update Location: territory and locality, saved on this device first (they sync later).
import type { FormEvent } from 'react';
import { profileLocationInputSchema } from '../../../../design-docs/src/schemas/profile.ts';
import { TERRITORIES, isTerritory } from '../../../../design-docs/src/territories.ts';
import { Button, FormError, SelectField, TextField } from '../../components/ui/index.ts';
import type { Profile } from '../../data/repos/profiles.ts';
import { checkForm, fieldError } from '../../components/form/form-validation.ts';
import { useFormProblems } from '../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../components/form/use-single-flight.ts';
import { useStoredField } from '../../components/form/use-stored-field.ts';
import { SyncNote } from './profile-sync-note.tsx';
import { useProfileSaver } from './use-profile-saver.ts';

const TERRITORY_OPTIONS = TERRITORIES.map((t) => ({ value: t, label: t }));

export function LocationSection({ profile }: { profile: Profile }) {
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
