// The fields of a hero slide (add and edit forms) and a row's view.
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { HOME_BUCKET } from './home-admin-common.ts';
import { ActiveFact, Fact } from './home-admin-views.tsx';
import type { AdminHeroSlide, HeroSlideDraft } from './hero-slide-logic.ts';

export function HeroSlideFields({ draft, onChange, problems, onUploading }: KitFieldsProps<HeroSlideDraft>) {
  const set =
    <K extends keyof HeroSlideDraft>(key: K) =>
    (value: HeroSlideDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof HeroSlideDraft) => fieldError(problems, name, draft[name]);
  return (
    <>
      <TextField label="Title" name="title" value={draft.title} onChange={(e) => set('title')(e.target.value)} error={err('title')} />
      <TextField label="Subtitle" name="subtitle" value={draft.subtitle} onChange={(e) => set('subtitle')(e.target.value)} error={err('subtitle')} />
      <ImageField label="Desktop image" name="image_url" bucket={HOME_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} error={err('image_url')} />
      <ImageField label="Mobile image" bucket={HOME_BUCKET} value={draft.mobile_image_url} onChange={set('mobile_image_url')} onBusy={onUploading} />
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function HeroSlideView({ item }: { item: AdminHeroSlide }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={HOME_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Order" value={String(item.order ?? 0)} />
          <Fact label="Mobile image" value={item.mobile_image_url ? 'Yes' : 'Uses the desktop image'} />
          <ActiveFact active={item.active} />
        </dl>
        {item.subtitle?.trim() && <p className="kit__description">{item.subtitle}</p>}
      </div>
    </div>
  );
}
