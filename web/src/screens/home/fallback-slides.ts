// Slides shipped with the app: shown when the catalogue has no hero slides yet (a first visit
// offline) or none of their pictures load. Gradients in CSS, so they need no network at all.
import type { HeroView } from './hero-view.ts';

export const FALLBACK_SLIDES: readonly HeroView[] = [
  {
    id: 'fallback-welcome',
    title: 'Welcome to Fete',
    subtitle: 'Carnival bands, fetes, festivals, food and faces across the Caribbean.',
    image: null,
    mobileImage: null,
    tone: 0,
  },
  {
    id: 'fallback-guide',
    title: 'Find Your Next Fete',
    subtitle: 'Parties, concerts and beach fetes, all in the Fete Guide.',
    image: null,
    mobileImage: null,
    tone: 1,
  },
  {
    id: 'fallback-mas',
    title: 'Play Mas with Us',
    subtitle: 'Pick your band and your destination for carnival season.',
    image: null,
    mobileImage: null,
    tone: 2,
  },
];
