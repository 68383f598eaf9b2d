// Manage Bands (/admin/bands) on the admin kit, beyond the seeds: every band, inactive too, as
// members see them ordered; new bands start unrated; the feature toggle (type band).
import { createContext, useContext, useMemo } from 'react';
import { FeatureToggle, useFeaturedIds } from '../../../components/catalog/index.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { useDataLayer } from '../../../data/react.ts';
import { bandDates } from '../../../lib/band-logic.ts';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { BandFields } from './band-fields.tsx';
import { BAND_BUCKET, BAND_TEXTS, bandDraftOf, bandSearchFields, checkBandDraft, compareBands, newBandDraft, newBandRecord } from './band-admin-logic.ts';
import type { AdminBand, BandDraft, BandInput } from './band-admin-logic.ts';

const FeaturedBands = createContext<ReadonlySet<string>>(new Set());

export function ManageBandsScreen() {
  const data = useDataLayer();
  const featured = useFeaturedIds('band');
  const repo = data.admin.bands;
  const page = useMemo<KitPage<AdminBand, BandDraft, BandInput>>(
    () => ({
      texts: BAND_TEXTS,
      testId: 'band',
      load: () => repo.list(),
      add: (input) => repo.add(newBandRecord(input)),
      // Ratings are the members': the stored ones stay.
      update: (item, input) => repo.update(item, { ...input, rating: item.rating, total_ratings: item.total_ratings }),
      remove: (id) => repo.remove(id),
      newDraft: newBandDraft,
      draftOf: bandDraftOf,
      check: checkBandDraft,
      searchFields: bandSearchFields,
      compare: compareBands,
      titleOf: (b) => b.name,
      Fields: BandFields,
      View: BandView,
      Actions: BandActions,
    }),
    [repo],
  );
  return (
    <FeaturedBands.Provider value={featured}>
      <AdminKitScreen page={page} />
    </FeaturedBands.Provider>
  );
}

function BandActions({ item }: { item: AdminBand }) {
  const featured = useContext(FeaturedBands);
  return <FeatureToggle itemType="band" itemId={item.id} itemName={item.name} featured={featured.has(item.id)} />;
}

function BandView({ item }: { item: AdminBand }) {
  const place = [item.location, item.state, item.country].filter(Boolean).join(', ');
  const dates = bandDates(item);
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={BAND_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          {item.year != null && <Fact label="Year" value={String(item.year)} />}
          {dates && <Fact label="Dates" value={dates} />}
          {place && <Fact label="Location" value={place} />}
          <StatusFact active={item.active} />
        </dl>
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}
