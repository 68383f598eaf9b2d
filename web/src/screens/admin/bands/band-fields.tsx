// The fields of a carnival band, shared by the add form and a row's edit form (the band schema).
import { COUNTRIES } from '../../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { BAND_BUCKET } from './band-admin-logic.ts';
import type { BandDraft } from './band-admin-logic.ts';

type TextKey = Exclude<keyof BandDraft, 'active'>;

export function BandFields({ draft, onChange, problems, onUploading }: KitFieldsProps<BandDraft>) {
  const set =
    <K extends keyof BandDraft>(key: K) =>
    (value: BandDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof BandDraft) => fieldError(problems, name, draft[name]);
  const text = (label: string, name: TextKey, extra: { required?: boolean; type?: string; inputMode?: 'numeric' } = {}) => (
    <TextField label={label} name={name} value={draft[name]} onChange={(e) => set(name)(e.target.value)} error={err(name)} {...extra} />
  );

  return (
    <>
      {text('Name', 'name', { required: true })}
      {text('Year', 'year', { inputMode: 'numeric' })}
      {text('Start date', 'start_date', { type: 'date' })}
      {text('End date', 'end_date', { type: 'date' })}
      <SelectField label="Country" name="country" options={COUNTRIES.map((c) => ({ value: c, label: c }))} placeholder="Choose a country" value={draft.country} onChange={(e) => set('country')(e.target.value)} error={err('country')} />
      {text('State', 'state')}
      {text('Location', 'location')}
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      {text('Website link', 'website_url')}
      {text('Instagram link', 'instagram_url')}
      {text('Registration link', 'registration_url')}
      {text('Fete ID registration link', 'fete_id_registration_url')}
      <ImageField label="Band image" bucket={BAND_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}
