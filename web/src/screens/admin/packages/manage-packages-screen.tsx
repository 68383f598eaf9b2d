// Manage Packages (/admin/packages) and Manage Ride Packages (/admin/rides) on the admin kit:
// one page config for both, told apart by `kind`. Every item, inactive too, by order; each row
// links to the form builder (create, or edit once the item has a form); a delete takes the form
// and its submissions with it (the repository's cascade). A new package starts after the last
// one, a new ride with the spec's defaults; after an add both offer the next order.
import { createContext, useContext, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useDataLayer } from '../../../data/react.ts';
import { byOrder } from '../../../data/repos/query.ts';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitFieldsProps, KitPage } from '../kit/admin-kit.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { catalogueRepo } from './catalogue-repo.ts';
import type { CatalogueItem } from './catalogue-repo.ts';
import { CatalogueFields, Swatch } from './package-fields.tsx';
import { ADMIN_CATALOGUE_TEXTS, CATALOGUE_FIELD_LABELS, catalogueSearchFields, checkDraft, draftOf, formLink, newDraft, presetOf } from './package-admin-logic.ts';
import type { CatalogueDraft, CatalogueKind } from './package-admin-logic.ts';
import type { CatalogueInput } from '../../../data/repos/admin-packages.ts';

export function ManagePackagesScreen() {
  return <ManageCatalogue kind="package" />;
}

export function ManageRidesScreen() {
  return <ManageCatalogue kind="ride" />;
}

/** Each page's fields: the colour presets differ. */
const FIELDS: Record<CatalogueKind, ComponentType<KitFieldsProps<CatalogueDraft>>> = {
  package: (props) => <CatalogueFields kind="package" {...props} />,
  ride: (props) => <CatalogueFields kind="ride" {...props} />,
};

/** What a row's view needs beyond the item: the page's kind and which items have a form. */
const CatalogueContext = createContext<{ kind: CatalogueKind; withForms: ReadonlySet<string> }>({ kind: 'package', withForms: new Set() });

function ManageCatalogue({ kind }: { kind: CatalogueKind }) {
  const data = useDataLayer();
  const repo = catalogueRepo(data, kind);
  const [withForms, setWithForms] = useState<ReadonlySet<string>>(new Set());
  // A new item's order follows the list: the count as last read (and added to), and whether
  // this visit has added one (rides then offer the next order instead of their default 0).
  // Read by `newDraft` whenever the kit asks, so the kit's own comparison with an untouched
  // form sees the same default the form was given.
  const counted = useRef({ count: 0, added: false });
  const page = useMemo<KitPage<CatalogueItem, CatalogueDraft, CatalogueInput>>(
    () => ({
      texts: ADMIN_CATALOGUE_TEXTS[kind],
      testId: kind,
      // Which items have a form comes with each read of the list.
      load: async () => {
        const [list, forms] = await Promise.all([repo.list(), repo.withForms()]);
        setWithForms(forms);
        counted.current.count = list.length;
        return list;
      },
      add: async (input) => {
        const saved = await repo.add(input);
        counted.current = { count: counted.current.count + 1, added: true };
        return saved;
      },
      update: (item, input) => repo.update(item, input),
      remove: (id) => repo.remove(id),
      byId: (id) => repo.byId(id),
      newDraft: () => newDraft(kind, counted.current.count, counted.current.added),
      draftOf,
      check: (draft) => checkDraft(kind, draft),
      searchFields: catalogueSearchFields,
      compare: byOrder,
      titleOf: (item) => item.title,
      Fields: FIELDS[kind],
      View: CatalogueView,
      Actions: FormLink,
      fieldLabels: CATALOGUE_FIELD_LABELS,
    }),
    [kind, repo],
  );
  const context = useMemo(() => ({ kind, withForms }), [kind, withForms]);
  return (
    <CatalogueContext.Provider value={context}>
      <AdminKitScreen page={page} />
    </CatalogueContext.Provider>
  );
}

/** The row's link to the form builder: its edit when the item has a form, else its create. */
function FormLink({ item }: { item: CatalogueItem }) {
  const { kind, withForms } = useContext(CatalogueContext);
  const link = formLink(kind, item.id, withForms.has(item.id));
  return (
    // The kit's title id of the row: the link says which item it is for.
    <Link className="btn btn--secondary" to={link.to} aria-describedby={`${kind}-row-${item.id}`}>
      {link.label}
    </Link>
  );
}

function CatalogueView({ item }: { item: CatalogueItem }) {
  const { kind } = useContext(CatalogueContext);
  return (
    <>
      <div className="pkg-admin__head">
        <Swatch kind={kind} bgcolor={item.bgcolor} textcolor={item.textcolor} small />
        <p className="pkg-admin__subtitle">{item.subtitle}</p>
      </div>
      {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      <dl className="kit__facts">
        <Fact label="Order" value={String(item.order ?? 0)} />
        <Fact label="Colour" value={presetOf(kind, item.bgcolor)?.name ?? 'Custom'} />
        <div>
          <dt>Button link</dt>
          <dd className="pkg-admin__link-text">{item.buttonlink?.trim() || 'None'}</dd>
        </div>
        <StatusFact active={item.active !== false} />
      </dl>
    </>
  );
}
