// The fields and row views of a provider's testimonials and an event's discount codes (details pages).
import type { Testimonial } from '../../../../../design-docs/src/schemas/provider.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { TextField } from '../../../components/ui/index.ts';
import type { AdminEventDiscount } from '../../../data/repos/admin-event-discounts.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField } from '../kit/kit-fields.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { ImageField } from '../kit/image-field.tsx';
import type { EventDiscountDraft } from './event-discount-logic.ts';
import { DiscountNumberFields, draftHelpers } from './restaurant-detail-fields.tsx';
import { validityText } from './restaurant-detail-logic.ts';
import { TESTIMONIAL_BUCKET } from './testimonial-logic.ts';
import type { TestimonialDraft } from './testimonial-logic.ts';

export function TestimonialFields(props: KitFieldsProps<TestimonialDraft>) {
  const { draft, onUploading } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <ImageField label="Client photo" name="image_url" bucket={TESTIMONIAL_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} error={err('image_url')} />
      <TextField label="Client name" name="client_name" value={draft.client_name} onChange={(e) => set('client_name')(e.target.value)} error={err('client_name')} />
      <TextField label="Caption" name="caption" value={draft.caption} onChange={(e) => set('caption')(e.target.value)} error={err('caption')} />
      <TextField label="Service" name="service" value={draft.service} onChange={(e) => set('service')(e.target.value)} error={err('service')} />
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function TestimonialView({ item }: { item: Testimonial }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={TESTIMONIAL_BUCKET} size="small" alt="" width={64} height={80} />
      <dl className="kit__facts">
        <Fact label="Caption" value={item.caption ?? 'None'} />
        <Fact label="Service" value={item.service ?? 'None'} />
        <Fact label="Order" value={String(item.order ?? 0)} />
        <StatusFact active={item.active !== false} />
      </dl>
    </div>
  );
}

export function EventDiscountFields(props: KitFieldsProps<EventDiscountDraft>) {
  const { draft } = props;
  const { set, err } = draftHelpers(props);
  return (
    <>
      <TextField label="Code" name="code" required value={draft.code} onChange={(e) => set('code')(e.target.value)} error={err('code')} />
      <DiscountNumberFields {...props} />
      <div className="kit__wide">
        <TextField label="Description" name="description" value={draft.description} onChange={(e) => set('description')(e.target.value)} error={err('description')} />
      </div>
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function EventDiscountView({ item }: { item: AdminEventDiscount }) {
  return (
    <div className="kit__form">
      <dl className="kit__facts">
        <Fact label="Percentage" value={`${item.percentage}%`} />
        <Fact label="Valid" value={validityText(item.valid_from, item.valid_until)} />
        <StatusFact active={item.active} />
      </dl>
      {item.description?.trim() && <p className="kit__description">{item.description}</p>}
    </div>
  );
}
