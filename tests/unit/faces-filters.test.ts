// The Fete Faces screen's filter state: its options come from the providers on the device and it
// becomes the repository's filter.
import { describe, expect, it } from 'vitest';
import { filterProviders } from '../../web/src/data/repos/providers.ts';
import type { Provider } from '../../web/src/data/repos/providers.ts';
import { EMPTY_FACES_FILTER, isFilterActive, locationOptions, serviceOptions, toProviderFilter } from '../../web/src/screens/faces/faces-filters.ts';
import { providerName } from '../../web/src/lib/provider-name.ts';

function provider(id: string, over: Partial<Provider> = {}): Provider {
  return {
    _id: `provider:${id}`,
    id,
    type: 'provider',
    first_name: id,
    last_name: 'Tester',
    services: [],
    service_prices: {},
    rating: 0,
    total_ratings: 0,
    state: null,
    country: null,
    testimonials: [],
    active: true,
    ...over,
  } as Provider;
}

const ALL = [
  provider('keisha', { first_name: 'Keisha', last_name: 'Baptiste', services: ['Makeup', 'Glitter Art'], state: 'Port of Spain', country: 'Trinidad', rating: 4.5 }),
  provider('andre', { first_name: 'Andre', last_name: 'Ramdeen', services: ['Body Paint', 'Airbrush Makeup'], state: 'San Fernando', country: 'Trinidad', rating: 4.49 }),
  provider('jada', { first_name: 'Jada', last_name: 'Edwards', services: ['Zebra Stripes', 'Makeup'], state: 'London', country: 'United Kingdom', rating: 3.5 }),
  provider('gone', { services: ['Prosthetics'], state: 'Kingston', country: 'Jamaica', rating: 5, active: false }),
  provider('blank', { services: ['  '], rating: 0 }),
];

describe('filter options', () => {
  it('lists the services of active providers: known ones in their usual order, others after', () => {
    expect(serviceOptions(ALL)).toEqual(['Makeup', 'Glitter Art', 'Body Paint', 'Airbrush Makeup', 'Zebra Stripes']);
  });

  it('keeps a chosen option listed', () => {
    expect(serviceOptions(ALL, 'Prosthetics')).toContain('Prosthetics');
    expect(locationOptions(ALL, 'Kingston, Jamaica')).toContain('Kingston, Jamaica');
  });

  it("lists each active provider's 'state, country' once, alphabetically", () => {
    expect(locationOptions(ALL)).toEqual(['London, United Kingdom', 'Port of Spain, Trinidad', 'San Fernando, Trinidad']);
  });
});

describe('filter state', () => {
  it('is active when anything differs from the defaults', () => {
    expect(isFilterActive(EMPTY_FACES_FILTER)).toBe(false);
    expect(isFilterActive({ ...EMPTY_FACES_FILTER, search: '   ' })).toBe(false);
    expect(isFilterActive({ ...EMPTY_FACES_FILTER, search: 'k' })).toBe(true);
    expect(isFilterActive({ ...EMPTY_FACES_FILTER, service: 'Makeup' })).toBe(true);
    expect(isFilterActive({ ...EMPTY_FACES_FILTER, location: 'London, United Kingdom' })).toBe(true);
    expect(isFilterActive({ ...EMPTY_FACES_FILTER, rating: '4.5' })).toBe(true);
  });

  it('becomes the repository filter', () => {
    const names = (f: typeof EMPTY_FACES_FILTER) => filterProviders(ALL, toProviderFilter(f)).map(providerName);
    expect(names(EMPTY_FACES_FILTER)).toEqual(['Keisha Baptiste', 'Andre Ramdeen', 'Jada Edwards', 'blank Tester']);
    expect(names({ ...EMPTY_FACES_FILTER, rating: '4.5' })).toEqual(['Keisha Baptiste']);
    expect(names({ ...EMPTY_FACES_FILTER, rating: '4' })).toEqual(['Keisha Baptiste', 'Andre Ramdeen']);
    expect(names({ ...EMPTY_FACES_FILTER, service: 'Makeup' })).toEqual(['Keisha Baptiste', 'Jada Edwards']);
    expect(names({ ...EMPTY_FACES_FILTER, location: 'San Fernando, Trinidad' })).toEqual(['Andre Ramdeen']);
    expect(names({ ...EMPTY_FACES_FILTER, search: 'airbrush' })).toEqual(['Andre Ramdeen']);
    expect(names({ ...EMPTY_FACES_FILTER, search: 'jada edw' })).toEqual(['Jada Edwards']);
    expect(names({ ...EMPTY_FACES_FILTER, search: 'makeup', rating: '4.5' })).toEqual(['Keisha Baptiste']);
  });
});
