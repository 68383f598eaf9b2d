// How much each home row shows. The spec fixes bands, event picks and destinations at three and
// gives the curated market, eats and faces rows no limit ("read ordered by order"): they show
// every active featured item, and the admins choose how many by featuring (ADR 017).
export { HOME_FEATURED_LIMIT } from '../../../design-docs/src/constants.ts';

/** Where ads go: after the hero, between the event rows and the curated rows, before the end. */
export const AD_POSITIONS = ['home_top', 'home_middle', 'home_bottom'] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];
