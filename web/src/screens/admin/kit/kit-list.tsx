// The kit's list as the page stands: loading, the Error panel, the empty text, or the count, a
// page of rows and Show more; and apart, the kept edits of items deleted meanwhile.
import { AdminListLoading, AdminLoadError } from '../admin-list-status.tsx';
import { Button } from '../../../components/ui/index.ts';
import { KEPT_WAITING_NOTE } from './kit-drafts.ts';
import type { KitPage, SubHeading } from './kit-page.ts';
import { shownCountText } from './kit-logic.ts';
import { useMemo } from 'react';
import { useLatest } from '../../../lib/use-latest.ts';
import { KitRow } from './kit-row.tsx';
import type { KitRowActions } from './kit-row.tsx';
import type { AdminKitState } from './use-admin-kit.ts';

interface KitListProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  level: SubHeading;
  kit: AdminKitState<T, D, I>;
}

/**
 * Row actions that stay the same object across renders (so unchanged rows skip a re-render) and
 * act through the kit of the latest render. Rows call them from events, after that render's commit.
 */
function useRowActions<T extends { id: string }, D, I>(kit: AdminKitState<T, D, I>, make: (kit: () => AdminKitState<T, D, I>) => KitRowActions<T, D, I>): KitRowActions<T, D, I> {
  const latest = useLatest(kit);
  // Both stay the same: `latest` is one function for the component's life, `make` a module's.
  return useMemo(() => make(latest), [latest, make]);
}

const listActions = <T extends { id: string }, D, I>(kit: () => AdminKitState<T, D, I>): KitRowActions<T, D, I> => ({
  useTheirs: (item) => kit().takeTheirs(item),
  edit: (item) => kit().startEdit(item),
  changeDraft: (item, d) => kit().changeDraft(item.id, d),
  cancel: (item) => kit().endEdit(item.id),
  save: (item, input) => kit().save(item, input),
  remove: (item) => kit().askDelete(item),
});

/** An item deleted meanwhile: no Edit or Delete; Use theirs (the deletion) ends the edit. */
const orphanActions = <T extends { id: string }, D, I>(kit: () => AdminKitState<T, D, I>): KitRowActions<T, D, I> => ({
  useTheirs: (item) => kit().endEdit(item.id),
  edit: () => undefined,
  changeDraft: (item, d) => kit().changeDraft(item.id, d),
  cancel: (item) => kit().endEdit(item.id),
  save: (item, input) => kit().save(item, input),
  remove: () => undefined,
});

export function KitList<T extends { id: string }, D, I>({ page, level, kit }: KitListProps<T, D, I>) {
  const actions = useRowActions(kit, listActions<T, D, I>);
  const { texts } = page;
  const { list, edits, conflicts } = kit;
  if (list.loading && list.items.length === 0) return <AdminListLoading />;
  if (list.failed) {
    return (
      <AdminLoadError message={texts.loadFailed} onRetry={() => void list.reload()}>
        {(kit.addKept || Object.keys(edits).length > 0) && <p data-testid="kit-kept-waiting">{KEPT_WAITING_NOTE}</p>}
      </AdminLoadError>
    );
  }
  if (kit.matches.length === 0) {
    return (
      <p className="list-status" role="status">
        {list.items.length > 0 && kit.query.trim() !== '' && texts.noMatch ? texts.noMatch : texts.empty}
      </p>
    );
  }
  return (
    <>
      <p className="kit__count" aria-live="polite" data-testid="kit-count">
        {shownCountText(kit.shown.length, kit.total, texts)}
      </p>
      <ul className="kit__list" aria-label={texts.listLabel}>
        {kit.shown.map((item) => (
          <KitRow
            key={item.id}
            page={page}
            level={level}
            item={item}
            draft={edits[item.id]?.draft ?? null}
            kept={edits[item.id]?.kept ?? false}
            conflict={conflicts[item.id] ?? null}
            actions={actions}
          />
        ))}
      </ul>
      {kit.shown.length < kit.matches.length && (
        <div className="kit__more">
          <Button variant="secondary" onClick={kit.showMore}>
            Show more
          </Button>
        </div>
      )}
    </>
  );
}

const DELETED = { theirs: null } as const;

/** Kept edits of items the server no longer has: each with the deleted-meanwhile panel. */
export function KitOrphans<T extends { id: string }, D, I>({ page, level, kit }: KitListProps<T, D, I>) {
  const actions = useRowActions(kit, orphanActions<T, D, I>);
  if (kit.orphans.length === 0) return null;
  return (
    <ul className="kit__list" aria-label={`${page.texts.listLabel}: deleted while you were editing`}>
      {kit.orphans.map(({ base, draft }) => (
        <KitRow
          key={base.id}
          page={page}
          level={level}
          item={base}
          draft={draft}
          kept
          conflict={DELETED}
          actions={actions}
        />
      ))}
    </ul>
  );
}
