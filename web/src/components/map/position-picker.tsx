// The owner's editing map (ADR 011): Leaflet opened on the restaurant's position, or on the
// spec's default centre in Trinidad at zoom 13; a click or a dragged pin reports a new point.
// Tiles that cannot load (offline, blocked) only add a line: the pin and the typed coordinates
// next to it keep working, so a position can always be set.
import { useEffect, useRef, useState } from 'react';
import { MAP_DEFAULT_ZOOM } from '../../../../design-docs/src/constants.ts';
import { MAP_DEFAULT_CENTER, PICKER_TEXT, mapPosition, pickedPosition } from './map-logic.ts';
import type { MapPosition } from './map-logic.ts';
import type { LeafletPicker } from './leaflet-picker.ts';
import './location-map.css';

export interface PositionPickerProps {
  /** "Map of {label}": the region's name. */
  label: string;
  latitude: number | null;
  longitude: number | null;
  onPick(pos: MapPosition): void;
}

export function PositionPicker({ label, latitude, longitude, onPick }: PositionPickerProps) {
  const canvas = useRef<HTMLDivElement>(null);
  const picker = useRef<LeafletPicker | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const [tiles, setTiles] = useState<'unknown' | 'ok' | 'failed'>('unknown');
  const [broken, setBroken] = useState(false);
  const position = mapPosition(latitude, longitude);

  // Built once; later positions move the pin rather than rebuilding the map.
  const first = useRef(position ?? MAP_DEFAULT_CENTER);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let cancelled = false;
    import('./leaflet-picker.ts')
      .then(({ createLeafletPicker }) => {
        if (cancelled) return;
        picker.current = createLeafletPicker(el, {
          position: first.current,
          zoom: MAP_DEFAULT_ZOOM,
          onPick: (p) => pickRef.current(pickedPosition(p.lat, p.lng)),
          onTileLoad: () => setTiles('ok'),
          onTileError: () => setTiles((t) => (t === 'ok' ? t : 'failed')),
        });
      })
      .catch(() => {
        if (!cancelled) setBroken(true);
      });
    return () => {
      cancelled = true;
      picker.current?.remove();
      picker.current = null;
    };
  }, []);

  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) picker.current?.setPosition({ lat, lng });
  }, [lat, lng]);

  return (
    <div className="location-map position-picker" data-testid="position-picker">
      <p className="position-picker__help" id="position-picker-help">
        {PICKER_TEXT.help}
      </p>
      {!broken && (
        <div className="location-map__frame" role="region" aria-label={`Map of ${label}`} aria-describedby="position-picker-help">
          <div className="location-map__canvas">
            <div ref={canvas} className="location-map__leaflet" data-testid="picker-canvas" />
          </div>
        </div>
      )}
      {(broken || tiles === 'failed') && (
        <p className="location-map__caption" role="status" data-testid="picker-note">
          {PICKER_TEXT.tilesFailed}
        </p>
      )}
    </div>
  );
}
