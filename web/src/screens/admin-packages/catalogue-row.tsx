// One package or ride of the admin list: its view (what members get, where its form is) or,
// while edited, its form with Save Changes and Cancel. The draft lives with the page, so a
// failed save keeps everything typed.
import { Link } from 'react-router-dom';
import { Button, FormError } from '../../components/ui/index.ts';
import type { CatalogueInput } from '../../data/repos/admin-packages.ts';
import { useDraftSubmit } from './use-draft-submit.ts';
import { CatalogueFields, Swatch } from './catalogue-fields.tsx';
import { formLink, presetOf } from './catalogue-admin-rules.ts';
import type { CatalogueDraft, CatalogueKind } from './catalogue-admin-rules.ts';
import type { CatalogueItem } from './catalogue-repo.ts';
import { UpdatedLine } from '../admin/kit/updated-line.tsx';

export interface CatalogueRowProps {
  kind: CatalogueKind;
  item: CatalogueItem;
  hasForm: boolean;
  /** Set while the row is in edit mode. */
  draft: CatalogueDraft | null;
  onEdit(): void;
  onDraftChange(next: CatalogueDraft): void;
  onCancel(): void;
  /** Resolves true when the server took it. */
  onSave(input: CatalogueInput): Promise<boolean>;
  onDelete(): void;
}

export function CatalogueRow(props: CatalogueRowProps) {
  const { kind, item } = props;
  const titleId = `${kind}-row-${item.id}`;
  return (
    <li className="admin-panel cat-admin__row" aria-labelledby={titleId} data-testid={`${kind}-row`}>
      {props.draft ? <RowEditor {...props} draft={props.draft} titleId={titleId} /> : <RowView {...props} titleId={titleId} />}
    </li>
  );
}

function RowView({ kind, item, hasForm, onEdit, onDelete, titleId }: CatalogueRowProps & { titleId: string }) {
  const link = formLink(kind, item.id, hasForm);
  const colour = presetOf(kind, item.bgcolor)?.name ?? 'Custom';
  return (
    <>
      <div className="cat-admin__row-head">
        <Swatch kind={kind} bgcolor={item.bgcolor} textcolor={item.textcolor} small />
        <div>
          <h3 id={titleId} className="cat-admin__row-title">
            {item.title}
          </h3>
          <p className="cat-admin__row-subtitle">{item.subtitle}</p>
        </div>
        <span className={`cat-admin__badge ${item.active === false ? 'cat-admin__badge--off' : 'cat-admin__badge--on'}`}>{item.active === false ? 'Inactive' : 'Active'}</span>
      </div>
      {item.description?.trim() && <p className="cat-admin__row-description">{item.description}</p>}
      <dl className="cat-admin__facts">
        <div>
          <dt>Order</dt>
          <dd>{item.order ?? 0}</dd>
        </div>
        <div>
          <dt>Colour</dt>
          <dd>{colour}</dd>
        </div>
        <div>
          <dt>Button link</dt>
          <dd className="cat-admin__link-text">{item.buttonlink?.trim() || 'None'}</dd>
        </div>
      </dl>
      <UpdatedLine doc={item} />
      <div className="admin-actions">
        <Link className="btn btn--secondary" to={link.to} aria-describedby={titleId}>
          {link.label}
        </Link>
        <Button variant="secondary" onClick={onEdit} aria-describedby={titleId}>
          Edit
        </Button>
        <Button variant="danger" onClick={onDelete} aria-describedby={titleId}>
          Delete
        </Button>
      </div>
    </>
  );
}

function RowEditor({ kind, item, draft, onDraftChange, onCancel, onSave, titleId }: CatalogueRowProps & { draft: CatalogueDraft; titleId: string }) {
  const { form, flight, submit } = useDraftSubmit(kind, draft, onSave);

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby={titleId} className="cat-admin__form">
      <h3 id={titleId} className="cat-admin__row-title">
        Editing {item.title}
      </h3>
      <FormError message={form.problems?.message} />
      <CatalogueFields kind={kind} draft={draft} onChange={onDraftChange} problems={form.problems} />
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
