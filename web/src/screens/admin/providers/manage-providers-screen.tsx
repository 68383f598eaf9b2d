// Manage Fete Faces (/admin/providers) on the admin kit: every provider, inactive too, best rated
// first; services typed one at a time; new providers start unrated; the feature toggle (type face).
import { createContext, useContext, useMemo } from 'react';
import { FeatureToggle, useFeaturedIds } from '../../../components/catalog/index.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { useDataLayer } from '../../../data/react.ts';
import { formatRating } from '../../../lib/format.ts';
import { providerName } from '../../../lib/provider-name.ts';
import { DetailsLink } from '../details/details-shell.tsx';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { TagPreview } from '../kit/tag-field.tsx';
import { ProviderFields } from './provider-fields.tsx';
import { PROVIDER_BUCKET, PROVIDER_TEXTS, checkProviderDraft, compareProviders, newProviderDraft, newProviderRecord, providerDraftOf, providerSearchFields } from './provider-admin-logic.ts';
import type { AdminProvider, ProviderDraft, ProviderInput } from './provider-admin-logic.ts';

const FeaturedProviders = createContext<ReadonlySet<string>>(new Set());

export function ManageProvidersScreen() {
  const data = useDataLayer();
  const featured = useFeaturedIds('face');
  const repo = data.admin.providers;
  const page = useMemo<KitPage<AdminProvider, ProviderDraft, ProviderInput>>(
    () => ({
      texts: PROVIDER_TEXTS,
      testId: 'provider',
      load: () => repo.list(),
      add: (input) => repo.add(newProviderRecord(input)),
      // Ratings and testimonials are not the form's: the stored ones stay.
      update: (item, input) => repo.update(item, { ...input, rating: item.rating, total_ratings: item.total_ratings, testimonials: item.testimonials }),
      remove: (id) => repo.remove(id),
      newDraft: newProviderDraft,
      draftOf: providerDraftOf,
      check: checkProviderDraft,
      searchFields: providerSearchFields,
      compare: compareProviders,
      titleOf: providerName,
      Fields: ProviderFields,
      View: ProviderView,
      Actions: ProviderActions,
    }),
    [repo],
  );
  return (
    <FeaturedProviders.Provider value={featured}>
      <AdminKitScreen page={page} />
    </FeaturedProviders.Provider>
  );
}

function ProviderActions({ item }: { item: AdminProvider }) {
  const featured = useContext(FeaturedProviders);
  return (
    <div className="admin-details__row-actions">
      <DetailsLink to={`/admin/providers/${item.id}/details`} name={providerName(item)} />
      <FeatureToggle itemType="face" itemId={item.id} itemName={providerName(item)} featured={featured.has(item.id)} />
    </div>
  );
}

function ProviderView({ item }: { item: AdminProvider }) {
  const place = [item.location, item.state, item.country].filter(Boolean).join(', ');
  return (
    <div className="kit__media">
      <FeteImage value={item.avatar_url} bucket={PROVIDER_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Rating" value={`${formatRating(item.rating ?? 0)} (${item.total_ratings ?? 0})`} />
          {place && <Fact label="Location" value={place} />}
          <StatusFact active={item.active} />
        </dl>
        <TagPreview label="Services" values={item.services} />
        {item.bio?.trim() && <p className="kit__description">{item.bio}</p>}
      </div>
    </div>
  );
}
