// The restaurant map's rules (ADR 011): which positions get a map, how the plain address reads,
// when the map gives way to a note, when it rebuilds, and which OSM tile holds a point.
import { describe, expect, it } from 'vitest';
import { MAP_TEXT, OSM_ATTRIBUTION, OSM_TILE_URL, coordinatesText, mapPosition, mapStatus, shouldRetry, tileFor } from '../../web/src/components/map/map-logic.ts';

describe('mapPosition', () => {
  it('takes two finite numbers on the globe', () => {
    expect(mapPosition(10.6656, -61.5256)).toEqual({ lat: 10.6656, lng: -61.5256 });
    expect(mapPosition(-90, 180)).toEqual({ lat: -90, lng: 180 });
  });

  it('gives no position when either is missing or out of range', () => {
    expect(mapPosition(null, -61.5)).toBeNull();
    expect(mapPosition(10.6, undefined)).toBeNull();
    expect(mapPosition(Number.NaN, 1)).toBeNull();
    expect(mapPosition(1, Number.POSITIVE_INFINITY)).toBeNull();
    expect(mapPosition(90.5, 0)).toBeNull();
    expect(mapPosition(0, -181)).toBeNull();
  });
});

describe('coordinatesText', () => {
  it('reads latitude then longitude to four decimals', () => {
    expect(coordinatesText({ lat: 10.6656, lng: -61.5256 })).toBe('10.6656, -61.5256');
    expect(coordinatesText({ lat: 11.150612345, lng: -60.8 })).toBe('11.1506, -60.8000');
  });
});

describe('mapStatus', () => {
  it('shows the map while loading online, and once any tile has drawn', () => {
    expect(mapStatus({ online: true, tileLoaded: false, failed: false })).toBe('map');
    expect(mapStatus({ online: true, tileLoaded: true, failed: true })).toBe('map');
    // Offline with tiles from the service worker's cache: still worth showing.
    expect(mapStatus({ online: false, tileLoaded: true, failed: true })).toBe('map');
  });

  it('says offline before anything has drawn without a network', () => {
    expect(mapStatus({ online: false, tileLoaded: false, failed: false })).toBe('offline');
    expect(mapStatus({ online: false, tileLoaded: false, failed: true })).toBe('offline');
  });

  it('says the map failed when tiles fail online and none drew', () => {
    expect(mapStatus({ online: true, tileLoaded: false, failed: true })).toBe('failed');
  });
});

describe('shouldRetry', () => {
  it('rebuilds only when the network comes back after a failure with nothing drawn', () => {
    expect(shouldRetry({ wasOnline: false, online: true, tileLoaded: false, failed: true })).toBe(true);
    expect(shouldRetry({ wasOnline: true, online: true, tileLoaded: false, failed: true })).toBe(false);
    expect(shouldRetry({ wasOnline: false, online: true, tileLoaded: true, failed: true })).toBe(false);
    expect(shouldRetry({ wasOnline: false, online: true, tileLoaded: false, failed: false })).toBe(false);
    expect(shouldRetry({ wasOnline: true, online: false, tileLoaded: false, failed: true })).toBe(false);
  });
});

describe('tileFor', () => {
  it('finds the Web Mercator tile holding a point', () => {
    expect(tileFor({ lat: 10.6656, lng: -61.5256 }, 13)).toEqual({ x: 2695, y: 3851, z: 13 });
    expect(tileFor({ lat: 0.1, lng: 0.1 }, 1)).toEqual({ x: 1, y: 0, z: 1 });
    expect(tileFor({ lat: -10, lng: -61 }, 1)).toEqual({ x: 0, y: 1, z: 1 });
    expect(tileFor({ lat: 45, lng: 45 }, 0)).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('stays inside the grid at the edges', () => {
    expect(tileFor({ lat: 89.9, lng: 180 }, 2)).toEqual({ x: 3, y: 0, z: 2 });
    expect(tileFor({ lat: -89.9, lng: -180 }, 2)).toEqual({ x: 0, y: 3, z: 2 });
  });
});

describe('texts', () => {
  it('credits OpenStreetMap and uses its tile server', () => {
    expect(OSM_ATTRIBUTION).toBe('© OpenStreetMap contributors');
    expect(OSM_TILE_URL).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(MAP_TEXT.offline).toMatch(/offline/);
  });
});
