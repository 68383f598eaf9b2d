// The fields of a market product, shared by the add form and a row's edit form.
import { MARKET_CATEGORIES } from '../../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { TagField } from '../kit/tag-field.tsx';
import { PRODUCT_BUCKET } from './product-admin-logic.ts';
import type { ProductDraft } from './product-admin-logic.ts';

export function ProductFields({ draft, onChange, problems, onUploading }: KitFieldsProps<ProductDraft>) {
  const set =
    <K extends keyof ProductDraft>(key: K) =>
    (value: ProductDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof ProductDraft) => fieldError(problems, name, draft[name]);
  return (
    <>
      <TextField label="Name" name="name" required value={draft.name} onChange={(e) => set('name')(e.target.value)} error={err('name')} />
      <TextField label="Brand" name="brand" required value={draft.brand} onChange={(e) => set('brand')(e.target.value)} error={err('brand')} />
      <TextField label="Price" name="price" required inputMode="decimal" value={draft.price} onChange={(e) => set('price')(e.target.value)} error={err('price')} />
      <SelectField label="Category" name="category" options={MARKET_CATEGORIES.map((c) => ({ value: c, label: c }))} value={draft.category} onChange={(e) => set('category')(e.target.value)} error={err('category')} />
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      <TagField label="Sizes" name="size" values={draft.sizes} onChange={set('sizes')} placeholder="e.g. M" />
      <TagField label="Colours" name="colour" values={draft.colors} onChange={set('colors')} placeholder="e.g. Gold" />
      <TextField label="Shop link" name="external_url" value={draft.external_url} onChange={(e) => set('external_url')(e.target.value)} error={err('external_url')} />
      <ImageField label="Product image" bucket={PRODUCT_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
      <CheckField label="In stock" name="in_stock" checked={draft.in_stock} onChange={set('in_stock')} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}
