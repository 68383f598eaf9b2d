// The fields and row views of a restaurant's menu items, photos and discounts (details page).
import type { MenuItem, RestaurantDiscount, RestaurantPhoto } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { RESTAURANT_BUCKET } from '../restaurants/restaurant-admin-logic.ts';
import { menuItemPrice, validityText } from './restaurant-detail-logic.ts';
import type { DiscountDraft, MenuItemDraft, PhotoDraft } from './restaurant-detail-logic.ts';

/** The draft setter and error lookup every detail form uses. */
export function draftHelpers<D extends object>({ draft, onChange, problems }: Pick<KitFieldsProps<D>, 'draft' | 'onChange' | 'problems'>) {
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof D & string) => fieldError(problems, name, draft[name]);
  return { set, err };
}

export function MenuItemFields(props: KitFieldsProps<MenuItemDraft>) {
  const { draft, onUploading } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <TextField label="Name" name="name" required value={draft.name} onChange={(e) => set('name')(e.target.value)} error={err('name')} />
      <TextField label="Price" name="price" required inputMode="decimal" value={draft.price} onChange={(e) => set('price')(e.target.value)} error={err('price')} />
      <TextField label="Category" name="category" value={draft.category} onChange={(e) => set('category')(e.target.value)} error={err('category')} />
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      <ImageField label="Menu item image" name="image_url" bucket={RESTAURANT_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function MenuItemView({ item }: { item: MenuItem }) {
  return (
    <div className="kit__media">
      {item.image_url ? <FeteImage value={item.image_url} bucket={RESTAURANT_BUCKET} size="small" alt="" width={80} height={80} /> : null}
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Price" value={menuItemPrice(item)} />
          <Fact label="Category" value={item.category ?? 'None'} />
          <StatusFact active={item.active !== false} />
        </dl>
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}

export function PhotoFields(props: KitFieldsProps<PhotoDraft>) {
  const { draft, onUploading } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <ImageField label="Photo" name="image_url" bucket={RESTAURANT_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} error={err('image_url')} />
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function PhotoView({ item }: { item: RestaurantPhoto }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={RESTAURANT_BUCKET} size="small" alt="" width={120} height={80} />
      <dl className="kit__facts">
        <Fact label="Order" value={String(item.order ?? 0)} />
        <StatusFact active={item.active !== false} />
      </dl>
    </div>
  );
}

/** Shared by restaurant discounts and event discount codes: percentage, dates. */
export function DiscountNumberFields<D extends { percentage: string; valid_from: string; valid_until: string }>(props: Pick<KitFieldsProps<D>, 'draft' | 'onChange' | 'problems'>) {
  const { draft } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <TextField label="Percentage" name="percentage" required inputMode="decimal" hint="From 1 to 100" value={draft.percentage} onChange={(e) => set('percentage')(e.target.value as D['percentage'])} error={err('percentage')} />
      <TextField label="Valid from" name="valid_from" type="date" hint="Leave empty to start now" value={draft.valid_from} onChange={(e) => set('valid_from')(e.target.value as D['valid_from'])} error={err('valid_from')} />
      <TextField label="Valid until" name="valid_until" type="date" hint="Leave empty for no end" value={draft.valid_until} onChange={(e) => set('valid_until')(e.target.value as D['valid_until'])} error={err('valid_until')} />
    </>
  );
}

export function DiscountFields(props: KitFieldsProps<DiscountDraft>) {
  const { draft } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <div className="kit__wide">
        <TextField label="Description" name="description" required value={draft.description} onChange={(e) => set('description')(e.target.value)} error={err('description')} />
      </div>
      <DiscountNumberFields {...props} />
      <div className="kit__wide">
        <TextAreaField label="Terms and conditions" name="terms_conditions" value={draft.terms_conditions} onChange={set('terms_conditions')} error={err('terms_conditions')} />
      </div>
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function DiscountView({ item }: { item: RestaurantDiscount }) {
  return (
    <div className="kit__form">
      <dl className="kit__facts">
        <Fact label="Valid" value={validityText(item.valid_from, item.valid_until)} />
        <StatusFact active={item.active !== false} />
      </dl>
      <p className="kit__description">{item.description}</p>
      {item.terms_conditions?.trim() && <p className="kit__description">{item.terms_conditions}</p>}
    </div>
  );
}
