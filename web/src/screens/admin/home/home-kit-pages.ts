// The kit pages of the Home Page admin's three sections: each wires its repository and rules
// into the kit. A new item's order is one above the highest loaded, so it goes after the last.
import { useMemo, useRef } from 'react';
import type { AdDoc, HeroSlideDoc, PartnerDoc } from '../../../../../design-docs/src/schemas/home.ts';
import type { AdminCatalogRepo } from '../../../data/repos/admin-catalog.ts';
import type { Item } from '../../../data/repos/index.ts';
import type { KitPage } from '../kit/admin-kit.tsx';
import { AD_TEXTS, adDraftOf, adSearchFields, adTitle, checkAdDraft, compareAds, newAdDraft } from './ad-logic.ts';
import type { AdDraft, AdInput, AdminAd } from './ad-logic.ts';
import { AdFields, AdView } from './ad-fields.tsx';
import { HERO_SLIDE_TEXTS, checkHeroSlideDraft, compareHeroSlides, heroSlideDraftOf, heroSlideSearchFields, heroSlideTitle, newHeroSlideDraft } from './hero-slide-logic.ts';
import type { AdminHeroSlide, HeroSlideDraft, HeroSlideInput } from './hero-slide-logic.ts';
import { HeroSlideFields, HeroSlideView } from './hero-slide-fields.tsx';
import { nextOrder } from './home-admin-common.ts';
import { PARTNER_TEXTS, checkPartnerDraft, comparePartners, newPartnerDraft, partnerDraftOf, partnerSearchFields } from './partner-logic.ts';
import type { AdminPartner, PartnerDraft, PartnerInput } from './partner-logic.ts';
import { PartnerFields, PartnerView } from './partner-fields.tsx';

type Common<T extends { id: string }, D, I> = Omit<KitPage<T, D, I>, 'load' | 'add' | 'update' | 'remove' | 'newDraft'>;

/** The repository calls of a section, with the next order remembered from each load. */
function useRepoPage<T extends { _id: string; order?: number | null }, D, I>(repo: AdminCatalogRepo<T>, common: Common<Item<T>, D, I>, draftAt: (order: number) => D): KitPage<Item<T>, D, I> {
  const next = useRef(0);
  // The newest draft maker (an ad's starts today, and today moves on), without a new page.
  const makeDraft = useRef(draftAt);
  makeDraft.current = draftAt;
  return useMemo(
    () => ({
      ...common,
      load: async () => {
        const all = await repo.list();
        next.current = nextOrder(all);
        return all;
      },
      add: (input: I) => repo.add(input as never),
      update: (item: Item<T>, input: I) => repo.update(item, input as never),
      remove: (id: string) => repo.remove(id),
      newDraft: () => makeDraft.current(next.current),
    }),
    [repo, common],
  );
}

const SLIDES: Common<AdminHeroSlide, HeroSlideDraft, HeroSlideInput> = {
  texts: HERO_SLIDE_TEXTS,
  testId: 'hero-slide',
  draftOf: heroSlideDraftOf,
  check: checkHeroSlideDraft,
  searchFields: heroSlideSearchFields,
  compare: compareHeroSlides,
  titleOf: heroSlideTitle,
  Fields: HeroSlideFields,
  View: HeroSlideView,
};

const ADS: Common<AdminAd, AdDraft, AdInput> = {
  texts: AD_TEXTS,
  testId: 'ad',
  draftOf: adDraftOf,
  check: checkAdDraft,
  searchFields: adSearchFields,
  compare: compareAds,
  titleOf: adTitle,
  Fields: AdFields,
  View: AdView,
};

const PARTNERS: Common<AdminPartner, PartnerDraft, PartnerInput> = {
  texts: PARTNER_TEXTS,
  testId: 'partner',
  draftOf: partnerDraftOf,
  check: checkPartnerDraft,
  searchFields: partnerSearchFields,
  compare: comparePartners,
  titleOf: (p) => p.name,
  Fields: PartnerFields,
  View: PartnerView,
};

export function useHeroSlidesPage(repo: AdminCatalogRepo<HeroSlideDoc>) {
  return useRepoPage(repo, SLIDES, newHeroSlideDraft);
}

export function useAdsPage(repo: AdminCatalogRepo<AdDoc>, today: string) {
  return useRepoPage(repo, ADS, (order) => newAdDraft(order, today));
}

export function usePartnersPage(repo: AdminCatalogRepo<PartnerDoc>) {
  return useRepoPage(repo, PARTNERS, newPartnerDraft);
}
