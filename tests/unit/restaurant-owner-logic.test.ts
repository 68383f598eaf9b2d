import { describe, expect, it } from 'vitest';
import { BOTH_COORDINATES_MESSAGE, LATITUDE_MESSAGE, LONGITUDE_MESSAGE, checkOwnerDraft, checkPosition, placeLabel, waitingText } from '../../web/src/screens/admin/restaurant-admin/owner-logic.ts';
import type { OwnerDraft } from '../../web/src/screens/admin/restaurant-admin/owner-logic.ts';
import { applyOwnerOps } from '../../web/src/data/repos/owner-edits.ts';
import type { OwnerOp } from '../../web/src/data/repos/owner-edits.ts';
import { pickedPosition } from '../../web/src/components/map/map-logic.ts';
import { newRestaurantDraft } from '../../web/src/screens/admin/restaurants/restaurant-admin-logic.ts';

const draft = (over: Partial<OwnerDraft> = {}): OwnerDraft => ({ ...newRestaurantDraft(), name: 'Roti Hut', location: 'Arima', latitude: '', longitude: '', ...over });

describe('Restaurant Management rules', () => {
  it('coordinates: both or neither, each in range', () => {
    expect(checkPosition({ latitude: '', longitude: '' })).toEqual({ ok: true, data: { latitude: null, longitude: null } });
    expect(checkPosition({ latitude: ' 10.65 ', longitude: '-61.5' })).toEqual({ ok: true, data: { latitude: 10.65, longitude: -61.5 } });
    expect(checkPosition({ latitude: '91', longitude: '0' })).toMatchObject({ ok: false, message: LATITUDE_MESSAGE, first: 'latitude' });
    expect(checkPosition({ latitude: '10', longitude: 'east' })).toMatchObject({ ok: false, message: LONGITUDE_MESSAGE, first: 'longitude' });
    expect(checkPosition({ latitude: '10', longitude: '' })).toMatchObject({ ok: false, message: BOTH_COORDINATES_MESSAGE, first: 'longitude' });
  });

  it('the owner’s patch has the details and the position, never the active flag or the owner', () => {
    const checked = checkOwnerDraft(draft({ description: 'Since 1985', latitude: '10.6', longitude: '-61.2', active: false }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data).toMatchObject({ name: 'Roti Hut', location: 'Arima', description: 'Since 1985', latitude: 10.6, longitude: -61.2 });
    expect('active' in checked.data).toBe(false);
    expect('owner_id' in checked.data).toBe(false);
    expect(checkOwnerDraft(draft({ name: ' ' }))).toMatchObject({ ok: false, message: 'Name and location are required' });
  });

  it('waiting edits replay over the device copy, leniently and without touching locked fields', () => {
    const base = { _id: 'restaurant:r1', type: 'restaurant' as const, name: 'Roti Hut', location: 'Arima', owner_id: 'u1', active: true, menu_items: [{ id: 'a', name: 'Doubles', price: 1, active: true }], photos: [], discounts: [] };
    const at = '2026-11-25T00:00:00.000Z';
    const ops: OwnerOp[] = [
      { op: '1', at, kind: 'fields', patch: { description: 'New', owner_id: 'evil', active: false } as never },
      { op: '2', at, kind: 'list', key: 'menu_items', change: { kind: 'add', item: { id: 'b', name: 'Pie', price: 2, active: true } as never } },
      { op: '3', at, kind: 'list', key: 'menu_items', change: { kind: 'add', item: { id: 'b', name: 'Pie', price: 2, active: true } as never } },
      { op: '4', at, kind: 'list', key: 'menu_items', change: { kind: 'remove', id: 'a' } },
      { op: '5', at, kind: 'list', key: 'menu_items', change: { kind: 'update', base: { id: 'gone' }, next: { id: 'gone' } } },
    ];
    const next = applyOwnerOps(base as never, ops) as typeof base & { description: string };
    expect(next.description).toBe('New');
    expect(next.owner_id).toBe('u1');
    expect(next.active).toBe(true);
    expect(next.menu_items.map((m) => m.id)).toEqual(['b']);
  });

  it('texts: the waiting banner counts; a found place is named by its first part; a picked point is rounded and on the globe', () => {
    expect(waitingText(1)).toBe("1 change is waiting to be published. It goes out when you're back online.");
    expect(waitingText(3)).toBe("3 changes are waiting to be published. They go out when you're back online.");
    expect(placeLabel('Maracas Bay, San Juan, Trinidad and Tobago')).toBe('Maracas Bay');
    expect(pickedPosition(10.123456789, -61.987654321)).toEqual({ lat: 10.123457, lng: -61.987654 });
    expect(pickedPosition(95, 190)).toEqual({ lat: 90, lng: -170 });
  });
});
