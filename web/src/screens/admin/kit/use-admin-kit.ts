// The kit's controller (admin-kit.tsx draws it): the list from the server, the search and its
// page of rows, the add form and every row's edit with their drafts kept on the device
// (kit-drafts.ts), the conflicts met on save, and the delete waiting for its answer. A save over
// a version another admin has replaced meanwhile (409) is a visible conflict, never a silent
// overwrite: the row keeps the admin's values and shows theirs (ADR 028).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useToast } from '../../../components/ui/index.ts';
import { useAdminList } from '../../../data/hooks/use-admin-list.ts';
import { isConflict } from '../../../data/pouch.ts';
import { useDataLayer } from '../../../data/react.ts';
import { defaultStorage } from '../../../data/storage.ts';
import { kitDraftsKey, readKitDrafts, restoreKitDrafts, writeKitDrafts } from './kit-drafts.ts';
import type { KitEdit } from './kit-drafts.ts';
import type { Conflict, KitPage, SubmitOutcome } from './kit-page.ts';
import { KIT_PAGE_SIZE, filterBySearchText, searchTextOf } from './kit-logic.ts';
import { readKitSnapshot, kitSnapshotKey, writeKitSnapshot } from './kit-snapshot.ts';

export function useAdminKit<T extends { id: string }, D, I>(page: KitPage<T, D, I>) {
  const { texts } = page;
  const toast = useToast();
  const load = useCallback(() => page.load().then((all) => all.sort(page.compare)), [page]);
  const loadFirst = useMemo(() => (page.loadFirst ? () => page.loadFirst!().then((all) => all.sort(page.compare)) : undefined), [page]);
  const prefix = useDataLayer().memberKey('') ?? undefined;
  const storage = useMemo(defaultStorage, []);
  const snapshotKey = page.snapshot ? kitSnapshotKey(page.draftsKey ?? page.testId, prefix) : null;
  const [saved] = useState(() => (snapshotKey ? readKitSnapshot<T>(storage, snapshotKey) : null));
  const list = useAdminList(load, loadFirst, saved?.items);
  // The server's list, once it answers: its first page is what the next visit shows at once.
  useEffect(() => {
    if (snapshotKey && list.fresh) writeKitSnapshot(storage, snapshotKey, list.items, KIT_PAGE_SIZE);
  }, [storage, snapshotKey, list.fresh, list.items]);

  const draftsKey = kitDraftsKey(page.draftsKey ?? page.testId, prefix);
  const [restored] = useState(() => restoreKitDrafts<D, T>(readKitDrafts(storage, draftsKey), page.newDraft, page.draftOf));
  const [adding, setAdding] = useState(restored.adding && restored.add !== null);
  const [addDraft, setAddDraft] = useState<D | null>(restored.add);
  const [addKept, setAddKept] = useState(restored.add !== null);
  const [edits, setEdits] = useState<Record<string, KitEdit<D, T>>>(restored.edits);
  const [conflicts, setConflicts] = useState<Record<string, Conflict<T>>>({});
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(KIT_PAGE_SIZE);

  // Lower-cased once per load, not once per item per keystroke; only a page of rows is drawn.
  const searchTexts = useMemo(() => list.items.map((i) => searchTextOf(page.searchFields(i))), [list.items, page]);
  const matches = useMemo(() => filterBySearchText(list.items, searchTexts, query), [list.items, searchTexts, query]);
  // Rows in edit mode past the page stay on screen: a kept edit is never hidden by 'Show more'.
  const shown = useMemo(() => (matches.length > limit ? [...matches.slice(0, limit), ...matches.slice(limit).filter((i) => edits[i.id])] : matches), [matches, limit, edits]);
  // Kept edits of items the server no longer has (deleted while the admin was away): shown with
  // the deleted-meanwhile panel, so the admin decides; never dropped unseen.
  const orphans = useMemo(() => {
    if (!list.fresh) return [];
    const ids = new Set(list.items.map((i) => i.id));
    return Object.values(edits).filter((e) => !ids.has(e.base.id));
  }, [list.fresh, list.items, edits]);
  // While the saved first page stands in for the list, the count names the whole list it came from.
  const total = list.partial && saved && query.trim() === '' ? Math.max(saved.total, matches.length) : matches.length;
  const search = (q: string) => {
    setQuery(q);
    setLimit(KIT_PAGE_SIZE);
  };
  const showMore = () => setLimit((n) => n + KIT_PAGE_SIZE);

  useEffect(() => {
    writeKitDrafts(storage, draftsKey, { adding, add: addDraft, edits }, page.newDraft());
  }, [storage, draftsKey, adding, addDraft, edits, page]);

  const toggleAdd = () => {
    if (!adding && addDraft === null) setAddDraft(page.newDraft());
    setAdding(!adding);
  };
  const closeAdd = () => setAdding(false);
  const changeAddDraft = (d: D) => setAddDraft(() => d);

  const add = async (input: I): Promise<SubmitOutcome> => {
    try {
      const saved = await page.add(input);
      list.patch((current) => [...current, saved].sort(page.compare));
      toast.success(texts.added);
      setAddDraft(page.newDraft());
      setAddKept(false);
      setAdding(false);
      void list.reload(true);
      return true;
    } catch (err) {
      setAddKept(true);
      const refused = page.addRefused ? await page.addRefused(err).catch(() => null) : null;
      if (refused) {
        const { change } = refused;
        if (change) setAddDraft((d) => (d === null ? d : change(d)));
        return { message: refused.message };
      }
      toast.error(texts.addFailed);
      return false;
    }
  };

  const setConflict = (id: string, conflict: Conflict<T> | null) =>
    setConflicts((all) => {
      const next = { ...all };
      if (conflict) next[id] = conflict;
      else delete next[id];
      return next;
    });

  const changeEdit = (id: string, change: (edit: KitEdit<D, T>) => KitEdit<D, T>) =>
    setEdits((all) => (all[id] ? { ...all, [id]: change(all[id]) } : all));
  const changeDraft = (id: string, d: D) => changeEdit(id, (e) => ({ ...e, draft: d }));
  const startEdit = (item: T) => setEdits((all) => ({ ...all, [item.id]: { draft: page.draftOf(item), base: item } }));
  // Leaving edit mode (saved, cancelled, Use theirs) ends any conflict of the row.
  const endEdit = (id: string) => {
    setEdits((all) => {
      const next = { ...all };
      delete next[id];
      return next;
    });
    setConflict(id, null);
  };

  const newest = (id: string): Promise<T | null> => (page.byId ? page.byId(id) : page.load().then((all) => all.find((i) => i.id === id) ?? null));

  /** Shows their version in the row (the next save goes over it) and the conflict panel. */
  const meetConflict = async (item: T): Promise<boolean> => {
    try {
      const theirs = await newest(item.id);
      if (theirs) {
        list.patch((current) => current.map((i) => (i.id === theirs.id ? theirs : i)).sort(page.compare));
        // 'Keep my changes' saves over the version now shown, not the one the edit began from.
        changeEdit(item.id, (e) => ({ ...e, base: theirs }));
      }
      setConflict(item.id, { theirs });
      return true;
    } catch {
      return false;
    }
  };

  const takeTheirs = (item: T) => {
    const conflict = conflicts[item.id];
    if (conflict && conflict.theirs === null) list.patch((current) => current.filter((i) => i.id !== item.id));
    endEdit(item.id);
  };

  /** Over the version the edit began from (kept across a reload): a newer one is a conflict. */
  const save = async (item: T, input: I): Promise<boolean> => {
    const base = edits[item.id]?.base ?? item;
    try {
      const saved = await page.update(base, input);
      list.patch((current) => current.map((i) => (i.id === saved.id ? saved : i)).sort(page.compare));
      endEdit(item.id);
      toast.success(texts.updated);
      void list.reload(true);
      return true;
    } catch (err) {
      if (isConflict(err) && (await meetConflict(item))) return false;
      toast.error(texts.updateFailed);
      changeEdit(item.id, (e) => ({ ...e, kept: true }));
      // Someone else may have saved meanwhile: the next try goes over the newest version.
      void list.reload(true);
      return false;
    }
  };

  const askDelete = (item: T) => setDeleting(item);
  const cancelDelete = () => setDeleting(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const gone = deleting.id;
    try {
      await page.remove(gone);
      list.patch((current) => current.filter((i) => i.id !== gone));
      endEdit(gone);
      toast.success(texts.deleted);
      void list.reload(true);
    } catch {
      toast.error(texts.deleteFailed);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  return {
    list,
    query,
    search,
    matches,
    shown,
    total,
    showMore,
    orphans,
    adding,
    addDraft,
    addKept,
    toggleAdd,
    closeAdd,
    changeAddDraft,
    add,
    edits,
    conflicts,
    startEdit,
    changeDraft,
    endEdit,
    takeTheirs,
    save,
    deleting,
    deleteBusy,
    askDelete,
    cancelDelete,
    confirmDelete,
  };
}

/** What the kit's views are given. */
export type AdminKitState<T extends { id: string }, D, I> = ReturnType<typeof useAdminKit<T, D, I>>;
