// The pure rules of Manage Products: a new product's
// defaults (category Accessories, in stock, active), the edit form of a stored one (its sizes and
// colours copied into working lists, saved on Save Changes), the check (name, brand and price
// required, then the shared product schema), the order (newest first) and the search.
import type { ProductDoc } from '../../../../../design-docs/src/schemas/product.ts';
import { productSchema } from '../../../../../design-docs/src/schemas/product.ts';
import { REQUIRED_FIELDS_MESSAGE, fieldLimitProblem } from '../../../../../design-docs/src/schemas/common.ts';
import { checkForm } from '../../../components/form/form-validation.ts';
import type { CheckResult } from '../../../components/form/form-validation.ts';
import type { AdminCatalogInput } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import { compareText } from '../../../data/repos/query.ts';
import { kitTexts, optionalText, parseAmount } from '../kit/kit-logic.ts';
import type { SearchValue } from '../kit/kit-logic.ts';

export type AdminProduct = Item<ProductDoc>;
export type ProductInput = AdminCatalogInput<ProductDoc>;

export const PRODUCT_TEXTS = kitTexts('Manage Products', 'product', 'products');
export const PRODUCT_BUCKET = 'market-images';

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  category: string;
  brand: string;
  sizes: string[];
  colors: string[];
  in_stock: boolean;
  external_url: string;
  image_url: string;
  active: boolean;
}

export function newProductDraft(): ProductDraft {
  return { name: '', description: '', price: '', category: 'Accessories', brand: '', sizes: [], colors: [], in_stock: true, external_url: '', image_url: '', active: true };
}

export function productDraftOf(p: AdminProduct): ProductDraft {
  return {
    name: p.name,
    description: p.description ?? '',
    price: String(p.price),
    category: p.category ?? '',
    brand: p.brand,
    // Working copies: the stored lists change only on Save Changes.
    sizes: [...(p.sizes ?? [])],
    colors: [...(p.colors ?? [])],
    in_stock: p.in_stock !== false,
    external_url: p.external_url ?? '',
    image_url: p.image_url ?? '',
    active: p.active,
  };
}

const REQUIRED: ReadonlyArray<'name' | 'brand' | 'price'> = ['name', 'brand', 'price'];

/** 'Please fill in all required fields' for a blank name, brand or price, then the schema's words. */
export function checkProductDraft(draft: ProductDraft): CheckResult<ProductInput> {
  const blank = REQUIRED.filter((k) => draft[k].trim() === '');
  if (blank.length > 0) {
    return { ok: false, message: REQUIRED_FIELDS_MESSAGE, fields: Object.fromEntries(blank.map((k) => [k, REQUIRED_FIELDS_MESSAGE])), first: blank[0] as string };
  }
  const price = parseAmount(draft.price);
  const candidate = {
    _id: 'product:draft',
    type: 'product',
    name: draft.name.trim(),
    brand: draft.brand.trim(),
    price,
    description: optionalText(draft.description),
    category: optionalText(draft.category),
    sizes: draft.sizes,
    colors: draft.colors,
    in_stock: draft.in_stock,
    external_url: optionalText(draft.external_url),
    image_url: optionalText(draft.image_url),
    active: draft.active,
  };
  const checked = checkForm(productSchema, candidate);
  if (!checked.ok) {
    // A price that is not a number says so, not 'Please fill in all required fields'.
    if (checked.fields.price && typeof price === 'string') return { ok: false, message: 'Price must be a number', fields: { price: 'Price must be a number' }, first: 'price' };
    return checked;
  }
  const { _id, _rev, type, created_at, updated_at, ...input } = checked.data;
  const tooLong = fieldLimitProblem(input);
  if (tooLong) return { ok: false, message: tooLong, fields: {}, first: null };
  return { ok: true, data: input };
}

/** By created_at, newest first. */
export function compareProducts(a: AdminProduct, b: AdminProduct): number {
  return compareText(b.created_at, a.created_at) || compareText(a.name, b.name);
}

/** Products are searched over name, description, brand and category. */
export function productSearchFields(p: AdminProduct): readonly SearchValue[] {
  return [p.name, p.description, p.brand, p.category];
}
