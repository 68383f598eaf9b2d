// The fields of a package or ride, shared by the add form and a row's edit form: title,
// subtitle, description, button link, colour preset (with a preview of the card), order, active.
import type { CSSProperties } from 'react';
import { SelectField, TextField } from '../../../components/ui/index.ts';
import type { SelectOption } from '../../../components/ui/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import { cardColours } from '../../../lib/package-card-logic.ts';
import type { KitFieldsProps } from '../kit/admin-kit.tsx';
import { CheckField, TextAreaField } from '../kit/kit-fields.tsx';
import { coloursOf, presetOf, withColour } from './package-admin-logic.ts';
import type { CatalogueDraft, CatalogueKind } from './package-admin-logic.ts';
import './packages.css';

const CUSTOM = '';

export function CatalogueFields({ kind, draft, onChange, problems }: KitFieldsProps<CatalogueDraft> & { kind: CatalogueKind }) {
  const set =
    <K extends keyof CatalogueDraft>(key: K) =>
    (value: CatalogueDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const preset = presetOf(kind, draft.bgcolor);
  // A stored colour that is none of this page's presets stays as it is until another is chosen.
  const options: SelectOption[] = [
    ...(preset ? [] : [{ value: CUSTOM, label: 'Custom (as stored)' }]),
    ...coloursOf(kind).map((p) => ({ value: p.name, label: p.name })),
  ];
  const err = (name: keyof CatalogueDraft) => fieldError(problems, name, draft[name]);

  return (
    <>
      <TextField label="Title" name="title" required value={draft.title} onChange={(e) => set('title')(e.target.value)} error={err('title')} />
      <TextField label="Subtitle" name="subtitle" required value={draft.subtitle} onChange={(e) => set('subtitle')(e.target.value)} error={err('subtitle')} />
      <div className="kit__wide">
        <TextAreaField label="Description" name="description" value={draft.description} onChange={set('description')} error={err('description')} />
      </div>
      <TextField
        label="Button link"
        name="buttonlink"
        hint="A /form/… path opens in the app; any other link opens in a new tab. Leave empty for the item's own form."
        value={draft.buttonlink}
        onChange={(e) => set('buttonlink')(e.target.value)}
        error={err('buttonlink')}
      />
      <div className="pkg-admin__colour">
        <SelectField
          label="Colour"
          name="bgcolor"
          options={options}
          value={preset?.name ?? CUSTOM}
          onChange={(e) => {
            const chosen = coloursOf(kind).find((p) => p.name === e.target.value);
            if (chosen) onChange(withColour(draft, chosen));
          }}
        />
        <Swatch kind={kind} bgcolor={draft.bgcolor} textcolor={draft.textcolor} title={draft.title} subtitle={draft.subtitle} />
      </div>
      <TextField label="Order" name="order" inputMode="numeric" value={draft.order} onChange={(e) => set('order')(e.target.value)} error={err('order')} />
      <CheckField label="Active" name="active" checked={draft.active} onChange={set('active')} />
    </>
  );
}

/** The card's colours, as members will see them. */
export function Swatch({ kind, bgcolor, textcolor, title, subtitle, small = false }: { kind: CatalogueKind; bgcolor: string; textcolor: string; title?: string; subtitle?: string; small?: boolean }) {
  const c = cardColours(bgcolor, textcolor, kind);
  const style = { '--pack-from': c.from, '--pack-to': c.to, '--pack-text': c.text } as CSSProperties;
  if (small) return <span className="pkg-admin__chip" style={style} aria-hidden="true" data-testid="colour-chip" />;
  return (
    <div className="pkg-admin__preview" style={style} data-testid="colour-preview">
      <span className="pkg-admin__preview-label">Preview</span>
      <strong>{title?.trim() || 'Title'}</strong>
      <span>{subtitle?.trim() || 'Subtitle'}</span>
    </div>
  );
}
