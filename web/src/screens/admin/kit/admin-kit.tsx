// The common pattern of the catalogue admin pages, once: an Add New
// toggle revealing the add form, the search, the list whose rows switch between view and edit
// (Save Changes, Cancel), delete after the spec's question, the Error panel, the empty text and
// the success and failure alerts. A page gives its texts, repository calls, draft rules and two
// components (the fields, a row's view): kit-page.ts. The state lives in use-admin-kit.ts;
// drafts live there and on the device (kit-drafts.ts), so hiding the add form, a failed save,
// the connection dropping or a reload loses nothing the admin typed. A save over a version
// another admin has replaced meanwhile (409) is a visible conflict, never a silent overwrite:
// the row keeps the admin's values and shows theirs, with 'Keep my changes' and 'Use theirs'.
import { useId } from 'react';
import { SearchField, useDocumentTitle } from '../../../components/catalog/index.ts';
import { Button, ConfirmDialog } from '../../../components/ui/index.ts';
import { AdminOnly } from '../admin-only.tsx';
import { KitForm } from './kit-form.tsx';
import { KitList, KitOrphans } from './kit-list.tsx';
import type { KitPage } from './kit-page.ts';
import { deleteQuestion } from './kit-logic.ts';
import { useAdminKit } from './use-admin-kit.ts';
import './kit.css';

export type { KitFieldsProps, KitPage } from './kit-page.ts';

export function AdminKitScreen<T extends { id: string }, D, I>({ page }: { page: KitPage<T, D, I> }) {
  return (
    <AdminOnly>
      <AdminKit page={page} />
    </AdminOnly>
  );
}

/**
 * The kit without its gate: `embedded` puts it inside a page of several sections (Home Page),
 * one heading level down, the page keeping its own title.
 */
export function AdminKit<T extends { id: string }, D, I>({ page, embedded = false }: { page: KitPage<T, D, I>; embedded?: boolean }) {
  const { texts } = page;
  useDocumentTitle(embedded ? null : texts.heading);
  const H = embedded ? 'h2' : 'h1';
  const sub = embedded ? 'h3' : 'h2';
  const kit = useAdminKit(page);
  const { list } = kit;
  const headingId = useId();
  const addPanelId = useId();

  return (
    <section className={embedded ? 'admin-page kit' : 'page admin-page kit'} aria-labelledby={headingId}>
      <header className="admin-page__header">
        <H id={headingId}>{texts.heading}</H>
        <Button onClick={kit.toggleAdd} aria-expanded={kit.adding} aria-controls={addPanelId} disabled={list.failed}>
          Add New
        </Button>
      </header>
      <div id={addPanelId} hidden={!kit.adding}>
        {kit.adding && kit.addDraft !== null && (
          <KitForm
            page={page}
            level={sub}
            heading={texts.addHeading}
            submitLabel={texts.addHeading}
            draft={kit.addDraft}
            kept={kit.addKept}
            onChange={kit.changeAddDraft}
            onSubmit={kit.add}
            onCancel={kit.closeAdd}
            panel
          />
        )}
      </div>
      {!list.failed && <SearchField label={texts.searchLabel} placeholder={`${texts.searchLabel}...`} value={kit.query} onChange={kit.search} />}
      <KitOrphans page={page} level={sub} kit={kit} />
      <KitList page={page} level={sub} kit={kit} />
      <ConfirmDialog
        open={kit.deleting !== null}
        title={`Delete ${texts.thing}`}
        message={deleteQuestion(texts.thing)}
        confirmLabel="Delete"
        tone="danger"
        busy={kit.deleteBusy}
        onConfirm={() => void kit.confirmDelete()}
        onCancel={kit.cancelDelete}
      />
    </section>
  );
}
