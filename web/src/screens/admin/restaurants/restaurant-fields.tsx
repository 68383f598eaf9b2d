// The fields of a restaurant, shared by the add form and a row's edit form.
import { COUNTRIES, CUISINES, PRICE_RANGES } from '../../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { RESTAURANT_BUCKET } from './restaurant-admin-logic.ts';
import type { RestaurantDraft } from './restaurant-admin-logic.ts';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

type TextKey = Exclude<keyof RestaurantDraft, 'active'>;

export function RestaurantFields(props: KitFieldsProps<RestaurantDraft>) {
  const { draft, onChange } = props;
  return (
    <>
      <RestaurantDetailFields {...props} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={(active) => onChange({ ...draft, active })} />
    </>
  );
}

/** Everything but Active: the owner's Restaurant Management page shows these too. */
export function RestaurantDetailFields({ draft, onChange, problems, onUploading }: KitFieldsProps<RestaurantDraft>) {
  const set =
    <K extends keyof RestaurantDraft>(key: K) =>
    (value: RestaurantDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof RestaurantDraft) => fieldError(problems, name, draft[name]);
  const text = (label: string, name: TextKey, extra: { required?: boolean; type?: string } = {}) => (
    <TextField label={label} name={name} value={draft[name]} onChange={(e) => set(name)(e.target.value)} error={err(name)} {...extra} />
  );
  const select = (label: string, name: 'country' | 'cuisine' | 'price_range', values: readonly string[], placeholder?: string) => (
    <SelectField label={label} name={name} options={options(values)} placeholder={placeholder} value={draft[name]} onChange={(e) => set(name)(e.target.value)} error={err(name)} />
  );

  return (
    <>
      {text('Name', 'name', { required: true })}
      {text('Location', 'location', { required: true })}
      {select('Country', 'country', COUNTRIES, 'Choose a country')}
      {text('State', 'state')}
      {select('Cuisine', 'cuisine', CUISINES, draft.cuisine ? undefined : 'Choose a cuisine')}
      {select('Price range', 'price_range', PRICE_RANGES, draft.price_range ? undefined : 'Choose a price range')}
      {text('Opening time', 'opening_time', { type: 'time' })}
      {text('Closing time', 'closing_time', { type: 'time' })}
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      {text('Website link', 'website_url')}
      {text('Instagram link', 'instagram_url')}
      {text('Eat Now link', 'eat_now_url')}
      <ImageField label="Restaurant image" bucket={RESTAURANT_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
    </>
  );
}
