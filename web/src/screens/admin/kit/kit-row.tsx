// One item of the kit's list: its view with Edit and Delete, or its edit form (and any conflict).
// Memoised: a search keystroke re-renders only the rows it brings in, so the row's actions come
// as one stable object (kit-list.tsx) that acts on the item, not as new closures each render.
import { memo } from 'react';
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
  actions: KitRowActions<T, D, I>;
}

/** What a row's buttons and form do to its item; the same object across renders. */
export interface KitRowActions<T, D, I> {
  useTheirs(item: T): void;
  edit(item: T): void;
  changeDraft(item: T, next: D): void;
  cancel(item: T): void;
  save(item: T, input: I): Promise<boolean>;
  remove(item: T): void;
}

function KitRowView<T extends { id: string }, D, I>(props: KitRowProps<T, D, I>) {
  const { page, item, draft, level: Title, conflict, actions } = props;
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
          onChange={(next) => actions.changeDraft(item, next)}
          onSubmit={(input) => actions.save(item, input)}
          onCancel={() => actions.cancel(item)}
          conflict={conflict ? <ConflictPanel page={page} draft={draft} theirs={conflict.theirs} onUseTheirs={() => actions.useTheirs(item)} /> : null}
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
            <Button variant="secondary" onClick={() => actions.edit(item)} aria-describedby={titleId}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => actions.remove(item)} aria-describedby={titleId}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

export const KitRow = memo(KitRowView) as typeof KitRowView;
