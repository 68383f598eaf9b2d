// The partner strip: the catalog's partner logos, 256px each, repeated to fill the width and
// looping over 20 seconds. Moving content needs a way to stop it (WCAG 2.2.2): a pause button,
// and it also pauses on hover and focus; with prefers-reduced-motion it does not move at all, and
// shows each partner once, wrapped onto as many lines as they need (partner-strip.css, ADR 051).
import { useEffect, useRef, useState } from 'react';
import { usePartners } from '../../data/hooks/use-home.ts';
import type { UploadBucket } from '../../../../design-docs/src/constants.ts';
import { FeteImage } from '../image/fete-image.tsx';
import { PauseIcon, PlayIcon } from './icons.tsx';

export const PARTNER_LOGO_PX = 256;
export const PARTNER_LOOP_SECONDS = 20;
/** The logo mark beside the written name. */
const PARTNER_MARK_PX = 56;
/** Demo and admin-made site artwork lives in events-images (there is no partners bucket). */
const PARTNER_BUCKET: UploadBucket = 'events-images';

/** How many copies of the logo set make one half of the loop at least as wide as the strip. */
export function partnerCopies(stripWidth: number, logos: number): number {
  if (logos <= 0) return 0;
  return Math.max(1, Math.ceil(stripWidth / (logos * PARTNER_LOGO_PX)));
}

export function PartnerStrip() {
  const { data: partners } = usePartners();
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(1280);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    ro.observe(node);
    return () => ro.disconnect();
  }, [partners?.length]);

  const list = partners ?? [];
  if (list.length === 0) return null;

  const copies = partnerCopies(width, list.length);
  // Two equal halves: the animation slides by one half, so the loop has no seam.
  const half = Array.from({ length: copies }, (_, c) => list.map((p) => ({ p, key: `${c}-${p._id}`, copy: c })));
  const track = [...half.flat(), ...half.flat().map((x) => ({ ...x, key: `b-${x.key}`, copy: copies + x.copy }))];

  return (
    <section ref={ref} className={`partner-strip${paused ? ' partner-strip--paused' : ''}`} aria-labelledby="partner-strip-title" data-testid="partner-strip">
      <div className="partner-strip__head">
        <h2 id="partner-strip-title" className="partner-strip__title">
          Our Partners
        </h2>
        <button type="button" className="icon-button partner-strip__toggle" aria-pressed={paused} onClick={() => setPaused((v) => !v)}>
          {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
          <span className="visually-hidden">Pause partner logos</span>
        </button>
      </div>
      <div className="partner-strip__viewport">
        <ul className="partner-strip__track" style={{ animationDuration: `${PARTNER_LOOP_SECONDS}s` }}>
          {track.map(({ p, key, copy }) => {
            const first = copy === 0;
            const hasLogo = Boolean(p.logo_url?.trim());
            // The name is always written out, readable at body size: a
            // logo's own lettering is too small at this height, so the mark is decoration.
            const logo = (
              <>
                {hasLogo && <FeteImage value={p.logo_url} bucket={PARTNER_BUCKET} alt="" width={PARTNER_MARK_PX} height={PARTNER_MARK_PX} size="small" fit="contain" />}
                <span className="partner-strip__name">{p.name}</span>
              </>
            );
            // Only the first copy is announced and focusable; the rest are decoration.
            return (
              <li key={key} className="partner-strip__item" aria-hidden={first ? undefined : true}>
                {p.website_url ? (
                  <a href={p.website_url} target="_blank" rel="noopener noreferrer" tabIndex={first ? undefined : -1} className="partner-strip__link">
                    {logo}
                    {first && <span className="visually-hidden"> (opens in a new tab)</span>}
                  </a>
                ) : (
                  logo
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
