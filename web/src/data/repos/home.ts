// The home page's curated documents: hero slides, ads by position, partners.
import type { AdDoc, HeroSlideDoc, PartnerDoc } from '../../../../design-docs/src/schemas/home.ts';
import { heroSlidesInOrder } from '../../../../design-docs/src/rules.ts';
import type { RepoContext } from './context.ts';
import { byOrder, instant, listType } from './query.ts';
import type { Item } from './query.ts';

export type HeroSlide = Item<HeroSlideDoc>;
export type Ad = Item<AdDoc>;
export type Partner = Item<PartnerDoc>;

/** Started (start_date not after now) and not ended (end_date empty or after now). */
export function adRunning(ad: AdDoc, now: Date): boolean {
  const t = now.getTime();
  const start = instant(ad.start_date, 'start');
  const end = instant(ad.end_date || null, 'end');
  return (start === null || start <= t) && (end === null || end > t);
}

export function createHomeRepo(ctx: RepoContext) {
  return {
    async heroSlides(): Promise<HeroSlide[]> {
      return heroSlidesInOrder(await listType<HeroSlideDoc>(ctx.catalog(), 'hero_slide'));
    },
    async ads(position: string): Promise<Ad[]> {
      const now = ctx.now();
      return (await listType<AdDoc>(ctx.catalog(), 'ad'))
        .filter((a) => a.active && a.position === position && adRunning(a, now))
        .sort(byOrder);
    },
    async partners(): Promise<Partner[]> {
      return (await listType<PartnerDoc>(ctx.catalog(), 'partner')).filter((p) => p.active).sort(byOrder);
    },
  };
}
