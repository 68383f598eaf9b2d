// The fields of an event, shared by the add form and a row's edit form.
import { COUNTRIES, EVENT_CATEGORIES } from '../../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { EVENT_BUCKET } from './event-admin-logic.ts';
import type { EventDraft } from './event-admin-logic.ts';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export function EventFields({ draft, onChange, problems, onUploading }: KitFieldsProps<EventDraft>) {
  const set =
    <K extends keyof EventDraft>(key: K) =>
    (value: EventDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof EventDraft) => fieldError(problems, name, draft[name]);
  const text = (label: string, name: keyof EventDraft, extra: { required?: boolean; type?: string; inputMode?: 'decimal' } = {}) => (
    <TextField label={label} name={name} value={String(draft[name])} onChange={(e) => set(name)(e.target.value as never)} error={err(name)} {...extra} />
  );

  return (
    <>
      {text('Title', 'title', { required: true })}
      {text('Date', 'date', { required: true, type: 'date' })}
      {text('End date', 'end_date', { type: 'date' })}
      {text('Start time', 'start_time', { type: 'time' })}
      {text('End time', 'end_time', { type: 'time' })}
      {text('Location', 'location', { required: true })}
      <SelectField label="Country" name="country" options={options(COUNTRIES)} placeholder={draft.country ? undefined : 'Choose a country'} value={draft.country} onChange={(e) => set('country')(e.target.value)} error={err('country')} />
      {text('State', 'state')}
      <SelectField label="Category" name="category" options={options(EVENT_CATEGORIES)} value={draft.category} onChange={(e) => set('category')(e.target.value)} error={err('category')} />
      {text('Price', 'price', { inputMode: 'decimal' })}
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      {text('Ticket link', 'ticket_url')}
      {text('Fete ID ticket link', 'fete_id_ticket_url')}
      {text('Instagram link', 'instagram_url')}
      {text('Fete Ride link', 'fete_ride_url')}
      <ImageField label="Event image" bucket={EVENT_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}
