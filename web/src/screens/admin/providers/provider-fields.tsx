// The fields of a Fete Faces provider, shared by the add form and a row's edit form: services
// typed one at a time (the spec's suggestions offered), then a price for each service listed.
import { COUNTRIES, PROVIDER_SERVICES } from '../../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { parseAmount } from '../kit/kit-logic.ts';
import { TagField } from '../kit/tag-field.tsx';
import { PROVIDER_BUCKET, SERVICE_PRICE_PROBLEM } from './provider-admin-logic.ts';
import type { ProviderDraft } from './provider-admin-logic.ts';

export function ProviderFields({ draft, onChange, problems, onUploading }: KitFieldsProps<ProviderDraft>) {
  const set =
    <K extends keyof ProviderDraft>(key: K) =>
    (value: ProviderDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof ProviderDraft) => fieldError(problems, name, draft[name]);
  const text = (label: string, name: 'first_name' | 'last_name' | 'state' | 'location' | 'booking_url' | 'instagram_url', required = false) => (
    <TextField label={label} name={name} required={required} value={draft[name]} onChange={(e) => set(name)(e.target.value)} error={err(name)} />
  );
  const pricesWrong = Boolean(problems?.fields.service_prices);

  return (
    <>
      {text('First name', 'first_name', true)}
      {text('Last name', 'last_name', true)}
      <SelectField label="Country" name="country" options={COUNTRIES.map((c) => ({ value: c, label: c }))} placeholder="Choose a country" value={draft.country} onChange={(e) => set('country')(e.target.value)} error={err('country')} />
      {text('State', 'state')}
      {text('Location', 'location')}
      <div className="kit__wide">
        <TextAreaField label="Bio" name="bio" value={draft.bio} onChange={set('bio')} error={err('bio')} />
      </div>
      <TagField label="Services" name="service" values={draft.services} onChange={set('services')} placeholder="e.g. Makeup" suggestions={PROVIDER_SERVICES} />
      {draft.services.map((service) => {
        const typed = draft.service_prices[service] ?? '';
        return (
          <TextField
            key={service}
            label={`Price for ${service}`}
            name={`price-${service}`}
            inputMode="decimal"
            value={typed}
            onChange={(e) => set('service_prices')({ ...draft.service_prices, [service]: e.target.value })}
            error={pricesWrong && typeof parseAmount(typed) === 'string' ? SERVICE_PRICE_PROBLEM : undefined}
          />
        );
      })}
      {text('Booking link', 'booking_url')}
      {text('Instagram link', 'instagram_url')}
      <ImageField label="Avatar" bucket={PROVIDER_BUCKET} value={draft.avatar_url} onChange={set('avatar_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}
