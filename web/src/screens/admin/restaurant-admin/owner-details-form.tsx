// The owner's details form: the restaurant's fields (the admin form's, without Active), and its
// position: a place search, the map (click or drag the pin) and the coordinates typed by hand.
// Save writes the change ahead on the device (owner-edits.ts): published at once when online,
// else kept and sent when the signal returns, and the page says which.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { RestaurantDoc } from '../../../../../design-docs/src/schemas/restaurant.ts';
import { Button, FormError, TextField, useToast } from '../../../components/ui/index.ts';
import { PlaceSearch } from '../../../components/map/place-search.tsx';
import { PositionPicker } from '../../../components/map/position-picker.tsx';
import { useDataLayer } from '../../../data/react.ts';
import type { Item } from '../../../data/repos/index.ts';
import { fieldError } from '../../../components/form/form-validation.ts';
import { useFormProblems } from '../../../components/form/use-form-problems.ts';
import { useSingleFlight } from '../../../components/form/use-single-flight.ts';
import { RestaurantDetailFields } from '../restaurants/restaurant-fields.tsx';
import type { RestaurantDraft } from '../restaurants/restaurant-admin-logic.ts';
import { OWNER_TEXTS, checkOwnerDraft, ownerDraftOf, placeLabel } from './owner-logic.ts';
import type { OwnerDraft } from './owner-logic.ts';

export function OwnerDetailsForm({ restaurant }: { restaurant: Item<RestaurantDoc> }) {
  const data = useDataLayer();
  const toast = useToast();
  const form = useFormProblems();
  const flight = useSingleFlight();
  const [draft, setDraft] = useState<OwnerDraft>(() => ownerDraftOf(restaurant));
  const [uploading, setUploading] = useState(false);
  const lat = Number(draft.latitude);
  const lng = Number(draft.longitude);
  const hasPosition = draft.latitude.trim() !== '' && draft.longitude.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lng);

  const setPosition = (latitude: number, longitude: number, location?: string) =>
    setDraft((d) => ({ ...d, latitude: String(latitude), longitude: String(longitude), ...(location && d.location.trim() === '' ? { location } : {}) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flight.running() || uploading) return;
    const checked = checkOwnerDraft(draft);
    if (!checked.ok) return form.fail(checked);
    form.clear();
    void flight.run(async () => {
      try {
        const result = await data.restaurants.owner.edit(restaurant.id, { kind: 'fields', patch: checked.data });
        if (result === 'published') toast.success(OWNER_TEXTS.updated);
        else if (result === 'refused') toast.error(OWNER_TEXTS.updateFailed);
        else toast.info(OWNER_TEXTS.savedOnDevice);
      } catch {
        toast.error(OWNER_TEXTS.updateFailed);
      }
    });
  };

  const err = (name: 'latitude' | 'longitude') => fieldError(form.problems, name, draft[name]);

  return (
    <form ref={form.formRef} className="admin-panel owner__form" onSubmit={submit} noValidate aria-labelledby="owner-details-title">
      <h2 id="owner-details-title">Restaurant Details</h2>
      <FormError message={form.problems?.message} />
      <div className="kit__fields">
        <RestaurantDetailFields
          draft={draft}
          onChange={(d: RestaurantDraft) => setDraft((current) => ({ ...current, ...d }))}
          problems={form.problems}
          onUploading={setUploading}
        />
      </div>
      <fieldset className="owner__position">
        <legend>Map position</legend>
        <PlaceSearch onChoose={(p) => setPosition(p.lat, p.lon, placeLabel(p.name))} />
        <PositionPicker label={draft.name.trim() || 'your restaurant'} latitude={hasPosition ? lat : null} longitude={hasPosition ? lng : null} onPick={(p) => setPosition(p.lat, p.lng)} />
        <div className="kit__fields">
          <TextField label="Latitude" name="latitude" inputMode="decimal" value={draft.latitude} onChange={(e) => setDraft({ ...draft, latitude: e.target.value })} error={err('latitude')} />
          <TextField label="Longitude" name="longitude" inputMode="decimal" value={draft.longitude} onChange={(e) => setDraft({ ...draft, longitude: e.target.value })} error={err('longitude')} />
        </div>
      </fieldset>
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy} disabled={uploading}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
