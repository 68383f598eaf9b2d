// How much each home row shows. The spec fixes bands, event picks and destinations at three;
// it gives no number for the curated market, eats and faces rows: four fills one row of the
// card grid on a laptop and two rows of two on a phone.
export { HOME_FEATURED_LIMIT } from '../../../../design-docs/src/constants.ts';
export const HOME_CURATED_LIMIT = 4;

/** Where ads go: after the hero, between the event rows and the curated rows, before the end. */
export const AD_POSITIONS = ['home_top', 'home_middle', 'home_bottom'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];
