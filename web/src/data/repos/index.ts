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
import type { createAdminPackagesRepo } from './admin-packages.ts';
import type { createAdminFormsRepo } from './admin-forms.ts';
import type { createAdminSubmissionsRepo } from './admin-submissions.ts';
import type { createAdminReportsRepo } from './admin-reports.ts';
import type { createAdminReceiptsRepo } from './admin-receipts.ts';
import { lazyRepo } from './lazy-repo.ts';
import type { createAdminUsersRepo } from './admin-users.ts';
import type { AdminCatalogRepo, AdminCatalogType } from './admin-catalog.ts';
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { ProductDoc } from '../../../../design-docs/src/schemas/product.ts';
import type { ProviderDoc } from '../../../../design-docs/src/schemas/provider.ts';
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import type { createAdminFeaturedRepo } from './admin-featured.ts';
import type { createAdminEventDiscountsRepo } from './admin-event-discounts.ts';
import type { createAdminNamesRepo } from './admin-names.ts';
import type { AdDoc, HeroSlideDoc, PartnerDoc } from '../../../../design-docs/src/schemas/home.ts';
import { createBlocksRepo } from './blocks.ts';
import { createReportsRepo } from './reports.ts';
import { createPlacesRepo } from './places.ts';
import type { PackageDoc, RideDoc } from '../../../../design-docs/src/schemas/package.ts';

/** An admin catalogue page's repository, loaded on its first call (ADR 040). */
function adminCatalog<T extends { _id: string }>(ctx: RepoContext, type: AdminCatalogType): AdminCatalogRepo<T> {
  return lazyRepo<AdminCatalogRepo<T>>(async () => (await import('./admin-catalog.ts')).createAdminCatalogRepo<T>(ctx, type));
}

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
      packages: lazyRepo<ReturnType<typeof createAdminPackagesRepo<PackageDoc>>>(async () => (await import('./admin-packages.ts')).createAdminPackagesRepo<PackageDoc>(ctx, 'package')),
      rides: lazyRepo<ReturnType<typeof createAdminPackagesRepo<RideDoc>>>(async () => (await import('./admin-packages.ts')).createAdminPackagesRepo<RideDoc>(ctx, 'ride')),
      forms: lazyRepo<ReturnType<typeof createAdminFormsRepo>>(async () => (await import('./admin-forms.ts')).createAdminFormsRepo(ctx)),
      submissions: lazyRepo<ReturnType<typeof createAdminSubmissionsRepo>>(async () => (await import('./admin-submissions.ts')).createAdminSubmissionsRepo(ctx)),
      reports: lazyRepo<ReturnType<typeof createAdminReportsRepo>>(async () => (await import('./admin-reports.ts')).createAdminReportsRepo(ctx)),
      receipts: lazyRepo<ReturnType<typeof createAdminReceiptsRepo>>(async () => (await import('./admin-receipts.ts')).createAdminReceiptsRepo(ctx)),
      users: lazyRepo<ReturnType<typeof createAdminUsersRepo>>(async () => (await import('./admin-users.ts')).createAdminUsersRepo(ctx)),
      events: adminCatalog<EventDoc>(ctx, 'event'),
      products: adminCatalog<ProductDoc>(ctx, 'product'),
      heroSlides: adminCatalog<HeroSlideDoc>(ctx, 'hero_slide'),
      ads: adminCatalog<AdDoc>(ctx, 'ad'),
      partners: adminCatalog<PartnerDoc>(ctx, 'partner'),
      featured: lazyRepo<ReturnType<typeof createAdminFeaturedRepo>>(async () => (await import('./admin-featured.ts')).createAdminFeaturedRepo(ctx)),
      eventDiscounts: lazyRepo<ReturnType<typeof createAdminEventDiscountsRepo>>(async () => (await import('./admin-event-discounts.ts')).createAdminEventDiscountsRepo(ctx)),
      providers: adminCatalog<ProviderDoc>(ctx, 'provider'),
      restaurants: adminCatalog<RestaurantDoc>(ctx, 'restaurant'),
      bands: adminCatalog<BandDoc>(ctx, 'band'),
      names: lazyRepo<ReturnType<typeof createAdminNamesRepo>>(async () => (await import('./admin-names.ts')).createAdminNamesRepo(ctx)),
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
export { SignInRequiredError } from './context.ts';
export type { RepoContext, MemberScope, Writer } from './context.ts';
export type { Item } from './query.ts';
