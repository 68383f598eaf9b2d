// The bands screens' rules: when 'Register with Fete ID' shows, the reset button, dates and place.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BAND_FILTER, bandDates, bandFilterActive, bandRegion, showFeteIdRegistration } from '../../web/src/lib/band-logic.ts';

describe('Register with Fete ID', () => {
  const link = 'https://tribe.example.com/register?via=fete-id';
  it('shows for a signed-in member with a link', () => {
    expect(showFeteIdRegistration(true, link)).toBe(true);
  });
  it('never shows to a visitor', () => {
    expect(showFeteIdRegistration(false, link)).toBe(false);
  });
  it.each([null, undefined, '', '   ', '\t\n'])('does not show for a blank link (%j)', (blank) => {
    expect(showFeteIdRegistration(true, blank)).toBe(false);
  });
});

describe('the bands filter', () => {
  it('is active when the search or the country is set', () => {
    expect(bandFilterActive(DEFAULT_BAND_FILTER)).toBe(false);
    expect(bandFilterActive({ search: '   ', country: '' })).toBe(false);
    expect(bandFilterActive({ search: 'tribe', country: '' })).toBe(true);
    expect(bandFilterActive({ search: '', country: 'Barbados' })).toBe(true);
  });
});

describe('band dates and place', () => {
  it('shows one date or a range, and nothing without a start date', () => {
    expect(bandDates({ start_date: '2026-02-16', end_date: '2026-02-17' })).toBe('February 16, 2026 - February 17, 2026');
    expect(bandDates({ start_date: '2026-08-03', end_date: '2026-08-03' })).toBe('August 3, 2026');
    expect(bandDates({ start_date: '2026-08-03', end_date: null })).toBe('August 3, 2026');
    expect(bandDates({ start_date: null, end_date: '2026-08-03' })).toBe('');
  });

  it('joins state and country, without repeating a country filed as its own state', () => {
    expect(bandRegion({ state: 'Port of Spain', country: 'Trinidad' })).toBe('Port of Spain, Trinidad');
    expect(bandRegion({ state: 'Jamaica', country: 'Jamaica' })).toBe('Jamaica');
    expect(bandRegion({ state: '', country: 'Barbados' })).toBe('Barbados');
    expect(bandRegion({ state: null, country: null })).toBe('');
  });
});
