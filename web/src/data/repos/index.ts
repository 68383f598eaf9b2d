// Every repository, bound to one data layer.
import type { RepoContext } from './context.ts';
import { createEventsRepo } from './events.ts';
import { createBandsRepo } from './bands.ts';
import { createRestaurantsRepo } from './restaurants.ts';
import { createProvidersRepo } from './providers.ts';
import { createProductsRepo } from './products.ts';
import { createHomeRepo } from './home.ts';
import { createFeaturedRepo } from './featured.ts';
import { createProfilesRepo } from './profiles.ts';
import { createAttendanceRepo } from './attendance.ts';
import { createRatingsRepo } from './ratings.ts';
import { createPackagesRepo, createRidesRepo } from './packages.ts';
import { createFormsRepo } from './forms.ts';
import { createEventDiscountsRepo } from './event-discounts.ts';
import { createLikesRepo } from './likes.ts';
import { createSettingsRepo } from './settings.ts';
import { createSubmissionsRepo } from './submissions.ts';
import { createFormDraftsRepo } from './form-drafts.ts';
import { createReceiptsRepo } from './receipts.ts';
import { createNotificationsRepo } from './notifications.ts';
import { createPrivateMessagesRepo, createPublicMessagesRepo } from './messages.ts';
import { createAdminPackagesRepo } from './admin-packages.ts';
import { createAdminFormsRepo } from './admin-forms.ts';
import type { createAdminSubmissionsRepo } from './admin-submissions.ts';
import { createAdminReportsRepo } from './admin-reports.ts';
import type { createAdminReceiptsRepo } from './admin-receipts.ts';
import { lazyRepo } from './lazy-repo.ts';
import { createAdminUsersRepo } from './admin-users.ts';
import {
  createAdminBandsRepo, createAdminCatalogRepo, createAdminEventsRepo, createAdminProductsRepo, createAdminProvidersRepo, createAdminRestaurantsRepo,
} from './admin-catalog.ts';
import { createAdminFeaturedRepo } from './admin-featured.ts';
import { createAdminEventDiscountsRepo } from './admin-event-discounts.ts';
import { createAdminNamesRepo } from './admin-names.ts';
import type { AdDoc, HeroSlideDoc, PartnerDoc } from '../../../../design-docs/src/schemas/home.ts';
import { createBlocksRepo } from './blocks.ts';
import { createReportsRepo } from './reports.ts';
import { createPlacesRepo } from './places.ts';
import type { PackageDoc, RideDoc } from '../../../../design-docs/src/schemas/package.ts';

export function createRepositories(ctx: RepoContext) {
  return {
    // catalog
    events: createEventsRepo(ctx),
    bands: createBandsRepo(ctx),
    restaurants: createRestaurantsRepo(ctx),
    providers: createProvidersRepo(ctx),
    products: createProductsRepo(ctx),
    home: createHomeRepo(ctx),
    places: createPlacesRepo(ctx),
    featured: createFeaturedRepo(ctx),
    // members
    profiles: createProfilesRepo(ctx),
    attendance: createAttendanceRepo(ctx),
    ratings: createRatingsRepo(ctx),
    packages: createPackagesRepo(ctx),
    rides: createRidesRepo(ctx),
    forms: createFormsRepo(ctx),
    eventDiscounts: createEventDiscountsRepo(ctx),
    // userdb
    likes: createLikesRepo(ctx),
    settings: createSettingsRepo(ctx),
    submissions: createSubmissionsRepo(ctx),
    formDrafts: createFormDraftsRepo(ctx),
    receipts: createReceiptsRepo(ctx),
    notifications: createNotificationsRepo(ctx),
    privateMessages: createPrivateMessagesRepo(ctx),
    blocks: createBlocksRepo(ctx),
    reports: createReportsRepo(ctx),
    // chat
    publicMessages: createPublicMessagesRepo(ctx),
    // admins, online (ADR 021)
    admin: {
      packages: createAdminPackagesRepo<PackageDoc>(ctx, 'package'),
      rides: createAdminPackagesRepo<RideDoc>(ctx, 'ride'),
      forms: createAdminFormsRepo(ctx),
      submissions: lazyRepo<ReturnType<typeof createAdminSubmissionsRepo>>(async () => (await import('./admin-submissions.ts')).createAdminSubmissionsRepo(ctx)),
      reports: createAdminReportsRepo(ctx),
      receipts: lazyRepo<ReturnType<typeof createAdminReceiptsRepo>>(async () => (await import('./admin-receipts.ts')).createAdminReceiptsRepo(ctx)),
      users: createAdminUsersRepo(ctx),
      events: createAdminEventsRepo(ctx),
      products: createAdminProductsRepo(ctx),
      heroSlides: createAdminCatalogRepo<HeroSlideDoc>(ctx, 'hero_slide'),
      ads: createAdminCatalogRepo<AdDoc>(ctx, 'ad'),
      partners: createAdminCatalogRepo<PartnerDoc>(ctx, 'partner'),
      featured: createAdminFeaturedRepo(ctx),
      eventDiscounts: createAdminEventDiscountsRepo(ctx),
      providers: createAdminProvidersRepo(ctx),
      restaurants: createAdminRestaurantsRepo(ctx),
      bands: createAdminBandsRepo(ctx),
      names: createAdminNamesRepo(ctx),
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
export { SignInRequiredError } from './context.ts';
export type { RepoContext, MemberScope, Writer } from './context.ts';
export type { Item } from './query.ts';
