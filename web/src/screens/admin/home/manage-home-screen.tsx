// Home Page admin (/admin/home): the hero slides, the ads, the partners (each on the admin kit)
// and the order of the featured rows, as tabs. The tab is in the address (?section=), so a
// reload or a shared link opens the same one.
import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import { useToday } from '../../../components/catalog/use-today.ts';
import { useDataLayer } from '../../../data/react.ts';
import { AdminOnly } from '../admin-only.tsx';
import { AdminKit } from '../kit/admin-kit.tsx';
import { FeaturedRows } from './featured-rows.tsx';
import { useAdsPage, useHeroSlidesPage, usePartnersPage } from './home-kit-pages.ts';
import './home-admin.css';

export const HOME_ADMIN_HEADING = 'Home Page';

const SECTIONS = [
  { id: 'slides', label: 'Hero Slides' },
  { id: 'ads', label: 'Ads' },
  { id: 'partners', label: 'Partners' },
  { id: 'featured', label: 'Featured Rows' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function sectionOf(value: string | null): SectionId {
  return SECTIONS.find((s) => s.id === value)?.id ?? 'slides';
}

export function ManageHomeScreen() {
  return (
    <AdminOnly>
      <ManageHome />
    </AdminOnly>
  );
}

function ManageHome() {
  useDocumentTitle(HOME_ADMIN_HEADING);
  const data = useDataLayer();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('section'));
  const base = useId();
  const tabs = useRef<Partial<Record<SectionId, HTMLButtonElement | null>>>({});
  const slides = useHeroSlidesPage(data.admin.heroSlides);
  const ads = useAdsPage(data.admin.ads, today);
  const partners = usePartnersPage(data.admin.partners);

  const select = (next: SectionId, focus = false) => {
    if (next !== section) setParams(next === 'slides' ? {} : { section: next }, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };

  // The tab pattern: arrows move between tabs, Home and End go to the ends.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = SECTIONS.findIndex((s) => s.id === section);
    const last = SECTIONS.length - 1;
    const to = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to === null) return;
    e.preventDefault();
    select(SECTIONS[to]!.id, true);
  };

  return (
    <section className="page admin-page home-admin" aria-labelledby={`${base}-title`}>
      <h1 id={`${base}-title`}>{HOME_ADMIN_HEADING}</h1>
      <div className="home-admin__tabs" role="tablist" aria-label="Home page sections">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            ref={(el) => {
              tabs.current[s.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${s.id}`}
            aria-selected={s.id === section}
            aria-controls={`${base}-panel`}
            tabIndex={s.id === section ? 0 : -1}
            className="home-admin__tab"
            onClick={() => select(s.id)}
            onKeyDown={onKeyDown}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${section}`} className="home-admin__panel">
        {section === 'slides' && <AdminKit key="slides" page={slides} embedded />}
        {section === 'ads' && <AdminKit key="ads" page={ads} embedded />}
        {section === 'partners' && <AdminKit key="partners" page={partners} embedded />}
        {section === 'featured' && <FeaturedRows />}
      </div>
    </section>
  );
}
