// The fields of a partner (add and edit forms) and a row's view.
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { TextField } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField } from '../kit/kit-fields.tsx';
import { ImageField } from '../kit/image-field.tsx';
import { HOME_BUCKET } from './home-admin-common.ts';
import { ActiveFact, Fact } from './home-admin-views.tsx';
import type { AdminPartner, PartnerDraft } from './partner-logic.ts';

export function PartnerFields({ draft, onChange, problems, onUploading }: KitFieldsProps<PartnerDraft>) {
  const set =
    <K extends keyof PartnerDraft>(key: K) =>
    (value: PartnerDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const err = (name: keyof PartnerDraft) => fieldError(problems, name, draft[name]);
  return (
    <>
      <TextField label="Name" name="name" required value={draft.name} onChange={(e) => set('name')(e.target.value)} error={err('name')} />
      <TextField label="Website" name="website_url" type="url" placeholder="https://" value={draft.website_url} onChange={(e) => set('website_url')(e.target.value)} error={err('website_url')} />
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <ImageField label="Logo" bucket={HOME_BUCKET} value={draft.logo_url} onChange={set('logo_url')} onBusy={onUploading} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

export function PartnerView({ item }: { item: AdminPartner }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.logo_url} bucket={HOME_BUCKET} size="small" alt="" width={80} height={80} fit="contain" />
      <dl className="kit__facts">
        <Fact label="Order" value={String(item.order ?? 0)} />
        <Fact label="Website" value={item.website_url ?? 'None'} />
        <ActiveFact active={item.active} />
      </dl>
    </div>
  );
}
