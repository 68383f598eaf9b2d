// One item of the kit's list: its view with Edit and Delete, or its edit form (and any conflict).
import { Button } from '../../../components/ui/index.ts';
import { ConflictPanel } from './conflict-panel.tsx';
import { KitForm } from './kit-form.tsx';
import type { Conflict, KitPage, SubHeading } from './kit-page.ts';
import { UpdatedLine } from './updated-line.tsx';

interface KitRowProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  level: SubHeading;
  item: T;
  /** Set while the row is in edit mode. */
  draft: D | null;
  /** The draft is kept on the device, not yet on the server. */
  kept: boolean;
  conflict: Conflict<T> | null;
  onUseTheirs(): void;
  onEdit(): void;
  onDraftChange(next: D): void;
  onCancel(): void;
  onSave(input: I): Promise<boolean>;
  onDelete(): void;
}

export function KitRow<T extends { id: string }, D, I>(props: KitRowProps<T, D, I>) {
  const { page, item, draft, level: Title, conflict } = props;
  const titleId = `${page.testId}-row-${item.id}`;
  const title = page.titleOf(item);
  return (
    <li className="admin-panel kit__row" aria-labelledby={titleId} data-testid={`${page.testId}-row`}>
      {draft !== null ? (
        <KitForm
          page={page}
          level={Title}
          heading={`Editing ${title}`}
          headingId={titleId}
          submitLabel="Save Changes"
          draft={draft}
          kept={props.kept}
          onChange={props.onDraftChange}
          onSubmit={props.onSave}
          onCancel={props.onCancel}
          conflict={conflict ? <ConflictPanel page={page} draft={draft} theirs={conflict.theirs} onUseTheirs={props.onUseTheirs} /> : null}
        />
      ) : (
        <>
          <div className="kit__row-head">
            <Title id={titleId} className="kit__row-title">
              {title}
            </Title>
            {page.Actions && <page.Actions item={item} />}
          </div>
          <page.View item={item} />
          <UpdatedLine doc={item} />
          <div className="admin-actions">
            <Button variant="secondary" onClick={props.onEdit} aria-describedby={titleId}>
              Edit
            </Button>
            <Button variant="danger" onClick={props.onDelete} aria-describedby={titleId}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
