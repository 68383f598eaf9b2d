// A place on a map: an OpenStreetMap map with a pin, and always the plain address next to it,
// so the place is never lost when the map cannot load (offline, tiles failing, no position).
// Leaflet loads on demand, in a chunk of its own.
import { useEffect, useRef, useState } from 'react';
import { MAP_DEFAULT_ZOOM } from '../../../../design-docs/src/constants.ts';
import { PinIcon } from '../catalog/social-icons.tsx';
import { MAP_TEXT, coordinatesText, mapPosition, mapStatus, shouldRetry } from './map-logic.ts';
import { useOnline } from '../ui/use-online.ts';
import './location-map.css';

export interface LocationMapProps {
  /** The place's name: "Map of {name}". */
  name: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  /** The address as people read it: "Ariapita Avenue, Port of Spain, Trinidad". */
  address: string;
  zoom?: number;
}

interface LoadState {
  tileLoaded: boolean;
  failed: boolean;
}

const FRESH: LoadState = { tileLoaded: false, failed: false };

export function LocationMap({ name, latitude, longitude, address, zoom = MAP_DEFAULT_ZOOM }: LocationMapProps) {
  const position = mapPosition(latitude, longitude);
  const online = useOnline();
  const [load, setLoad] = useState<LoadState>(FRESH);
  const [attempt, setAttempt] = useState(0);
  const canvas = useRef<HTMLDivElement>(null);
  const lat = position?.lat;
  const lng = position?.lng;

  useEffect(() => {
    const el = canvas.current;
    if (lat === undefined || lng === undefined || !el) return;
    let cancelled = false;
    let remove: (() => void) | null = null;
    setLoad(FRESH);
    import('./leaflet-map.ts')
      .then(({ createLeafletMap }) => {
        if (cancelled) return;
        remove = createLeafletMap(el, {
          position: { lat, lng },
          zoom,
          name,
          onTileLoad: () => setLoad((s) => (s.tileLoaded ? s : { ...s, tileLoaded: true })),
          onTileError: () => setLoad((s) => (s.failed ? s : { ...s, failed: true })),
        });
      })
      .catch(() => {
        if (!cancelled) setLoad((s) => ({ ...s, failed: true }));
      });
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [lat, lng, zoom, name, attempt]);

  const wasOnline = useRef(online);
  useEffect(() => {
    if (shouldRetry({ wasOnline: wasOnline.current, online, ...load })) setAttempt((a) => a + 1);
    wasOnline.current = online;
  }, [online, load]);

  const status = mapStatus({ online, ...load });
  // Before the map shows anything the note covers it; once it does, going offline adds a line.
  const cover = status === 'offline' ? MAP_TEXT.offline : status === 'failed' ? MAP_TEXT.failed : null;
  const caption = status === 'map' && !online ? MAP_TEXT.offlinePartial : null;

  return (
    <div className="location-map" data-testid="location-map" data-status={position ? status : 'none'}>
      {position && (
        <div className="location-map__frame" role="region" aria-label={`Map of ${name}`}>
          {/* Leaflet owns this element's insides; React never re-renders them. Hidden from
              keyboards and screen readers while the note covers it. */}
          <div className="location-map__canvas" inert={status !== 'map'}>
            <div ref={canvas} className="location-map__leaflet" data-testid="map-canvas" />
          </div>
          {cover && (
            <p className="location-map__note" role="status" data-testid="map-note">
              {cover}
            </p>
          )}
        </div>
      )}
      {position && caption && (
        <p className="location-map__caption" role="status" data-testid="map-note">
          {caption}
        </p>
      )}
      <p className="location-map__address" data-testid="map-address">
        <PinIcon />
        <span>
          {address}
          {position && <span className="location-map__coords"> ({coordinatesText(position)})</span>}
        </span>
      </p>
    </div>
  );
}
