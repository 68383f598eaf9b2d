// The fields of an ad (add and edit forms) and a row's view.
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { formatLongDate } from '../../../lib/dates.ts';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import { AD_POSITIONS } from '../../../lib/home-limits.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { AD_POSITION_LABELS, adPositionLabel } from './ad-logic.ts';
import type { AdDraft, AdminAd } from './ad-logic.ts';
import { HOME_BUCKET } from './home-admin-common.ts';
import { ActiveFact, Fact } from './home-admin-views.tsx';

export function AdFields({ draft, onChange, problems, onUploading }: KitFieldsProps<AdDraft>) {
  const set =
    <K extends keyof AdDraft>(key: K) =>
    (value: AdDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof AdDraft) => fieldError(problems, name, draft[name]);
  return (
    <>
      <SelectField label="Position" name="position" required options={AD_POSITIONS.map((p) => ({ value: p, label: AD_POSITION_LABELS[p] }))} value={draft.position} onChange={(e) => set('position')(e.target.value)} error={err('position')} />
      <TextField label="Title" name="title" value={draft.title} onChange={(e) => set('title')(e.target.value)} error={err('title')} />
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      <TextField label="Link" name="link_url" type="url" placeholder="https://" value={draft.link_url} onChange={(e) => set('link_url')(e.target.value)} error={err('link_url')} />
      <TextField label="Start date" name="start_date" type="date" value={draft.start_date} onChange={(e) => set('start_date')(e.target.value)} error={err('start_date')} />
      <TextField label="End date" name="end_date" type="date" hint="Leave empty for no end" value={draft.end_date} onChange={(e) => set('end_date')(e.target.value)} error={err('end_date')} />
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <ImageField label="Ad image" bucket={HOME_BUCKET} value={draft.image_url} onChange={set('image_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function AdView({ item }: { item: AdminAd }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={HOME_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Position" value={adPositionLabel(item.position)} />
          <Fact label="Runs" value={`${item.start_date ? `From ${formatLongDate(item.start_date.slice(0, 10))}` : 'From now'}${item.end_date ? ` to ${formatLongDate(item.end_date.slice(0, 10))}` : ', no end'}`} />
          <Fact label="Order" value={String(item.order ?? 0)} />
          <Fact label="Link" value={item.link_url ?? 'None'} />
          <ActiveFact active={item.active} />
        </dl>
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}
