// The words of Fete Packages and Fete Rides. The spec quotes the rides' texts and the two load
// failures; the packages' other lines follow the rides' pattern.
import type { CardType } from '../../lib/package-card-logic.ts';

export const MEMBERS_ONLY_TITLE = 'Members Only';
export const SIGN_IN_LABEL = 'Sign In';

export interface CatalogueTexts {
  title: string;
  lead: string;
  signInText: string;
  loading: string;
  empty: string;
  failed: string;
  button: string;
  /** Accessible name of the grid. */
  listLabel: string;
  /** "rides", for the offline note. */
  noun: string;
}

export const CATALOGUE_TEXTS: Record<CardType, CatalogueTexts> = {
  ride: {
    title: 'Fete Rides',
    lead: 'Transport to and from the fetes: pick a ride and book your seat.',
    signInText: 'You need to be signed in to access Fete Rides.',
    loading: 'Loading rides...',
    empty: 'No ride packages available at the moment. Please check back later.',
    failed: 'Failed to load ride packages. Please try again later.',
    button: 'Book Your Ride',
    listLabel: 'Rides',
    noun: 'rides',
  },
  package: {
    title: 'Fete Packages',
    lead: 'Carnival packages put together for members: choose one and book it.',
    signInText: 'You need to be signed in to access Fete Packages.',
    loading: 'Loading packages...',
    empty: 'No packages available at the moment. Please check back later.',
    failed: 'Failed to load packages. Please try again later.',
    button: 'Book Your Package',
    listLabel: 'Packages',
    noun: 'packages',
  },
};
