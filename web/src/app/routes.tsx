// The route table: the member and public pages, then /admin and its pages.
// Every screen is its own chunk, loaded by the route's `lazy`, so the shell stays small; the
// first screen is loaded before the first render (first-screen.ts, ADR 044); the layout is also
// the HydrateFallback, for a first screen slower than that wait.
import type { RouteObject } from 'react-router-dom';
import { NotFoundScreen } from '../components/layout/not-found-screen.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { RouteMeta } from './route-meta.ts';

/** A built screen: its module is its own chunk. */
function screen(path: string, title: string, load: () => Promise<{ Component: RouteObject['Component'] }>): RouteObject {
  return { path, handle: { title } satisfies RouteMeta, lazy: load };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a screen render inside the layout.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            handle: { title: 'Home' } satisfies RouteMeta,
            lazy: () => import('../screens/home/home-screen.tsx').then((m) => ({ Component: m.HomeScreen })),
          },
          {
            path: 'signin',
            handle: { title: 'Sign In' } satisfies RouteMeta,
            lazy: () => import('../screens/account/sign-in-screen.tsx').then((m) => ({ Component: m.SignInScreen })),
          },
          {
            path: 'signup',
            handle: { title: 'Sign Up' } satisfies RouteMeta,
            lazy: () => import('../screens/account/sign-up-screen.tsx').then((m) => ({ Component: m.SignUpScreen })),
          },
          {
            path: 'reset-password',
            handle: { title: 'Reset Password' } satisfies RouteMeta,
            lazy: () => import('../screens/account/reset-password-screen.tsx').then((m) => ({ Component: m.ResetPasswordScreen })),
          },
          {
            path: 'settings',
            handle: { title: 'Settings' } satisfies RouteMeta,
            children: [
              { index: true, lazy: () => import('../screens/settings/settings-screen.tsx').then((m) => ({ Component: m.SettingsScreen })) },
              { path: ':section', lazy: () => import('../screens/settings/settings-screen.tsx').then((m) => ({ Component: m.SettingsScreen })) },
            ],
          },
          screen('dashboard', 'Fete ID', () => import('../screens/dashboard/dashboard-screen.tsx').then((m) => ({ Component: m.DashboardScreen }))),
          screen('fete-guide', 'Fete Guide', () => import('../screens/events/fete-guide-screen.tsx').then((m) => ({ Component: m.FeteGuideScreen }))),
          screen('fete-eats', 'Fete Eats', () => import('../screens/eats/fete-eats-screen.tsx').then((m) => ({ Component: m.FeteEatsScreen }))),
          screen('restaurants/:id', 'Restaurant', () => import('../screens/eats/restaurant-detail-screen.tsx').then((m) => ({ Component: m.RestaurantDetailScreen }))),
          screen('fete-faces', 'Fete Faces', () => import('../screens/faces/fete-faces-screen.tsx').then((m) => ({ Component: m.FeteFacesScreen }))),
          screen('fete-faces/:id', 'Fete Faces', () => import('../screens/faces/provider-detail-screen.tsx').then((m) => ({ Component: m.ProviderDetailScreen }))),
          screen('fete-destinations', 'Fete Band', () => import('../screens/bands/bands-screen.tsx').then((m) => ({ Component: m.BandsScreen }))),
          screen('bands/:id', 'Fete Band', () => import('../screens/bands/band-detail-screen.tsx').then((m) => ({ Component: m.BandDetailScreen }))),
          screen('fete-travel', 'Fete Destinations', () => import('../screens/events/fete-travel-screen.tsx').then((m) => ({ Component: m.FeteTravelScreen }))),
          screen('fete-marqet', 'Fete Marqet', () => import('../screens/market/fete-marqet-screen.tsx').then((m) => ({ Component: m.FeteMarqetScreen }))),
          screen('fete-chat', 'Fete Chat', () => import('../screens/chat/fete-chat-screen.tsx').then((m) => ({ Component: m.FeteChatScreen }))),
          screen('fete-nation', 'Fete Nation', () => import('../screens/nation/fete-nation-screen.tsx').then((m) => ({ Component: m.FeteNationScreen }))),
          screen('fete-nation/:id', 'Fete Nation', () => import('../screens/nation/member-detail-screen.tsx').then((m) => ({ Component: m.MemberDetailScreen }))),
          screen('fete-packages', 'Fete Packages', () => import('../screens/packages/fete-packages-screen.tsx').then((m) => ({ Component: m.FetePackagesScreen }))),
          screen('fete-rides', 'Fete Rides', () => import('../screens/packages/fete-rides-screen.tsx').then((m) => ({ Component: m.FeteRidesScreen }))),
          screen('events/create', 'Create Event', () => import('../screens/create-event/create-event-screen.tsx').then((m) => ({ Component: m.CreateEventScreen }))),
          screen('events/:id', 'Event', () => import('../screens/events/event-detail-screen.tsx').then((m) => ({ Component: m.EventDetailScreen }))),
          screen('events/:id/edit', 'Edit Event', () => import('../screens/create-event/edit-event-screen.tsx').then((m) => ({ Component: m.EditEventScreen }))),
          screen('restaurant-admin', 'Restaurant Management', () => import('../screens/admin/restaurant-admin/restaurant-admin-screen.tsx').then((m) => ({ Component: m.RestaurantAdminScreen }))),
          screen('form/:type/:id', 'Form', () => import('../screens/form-fill/form-fill-screen.tsx').then((m) => ({ Component: m.FormFillScreen }))),
          screen('admin/packages', 'Manage Packages', () => import('../screens/admin/packages/manage-packages-screen.tsx').then((m) => ({ Component: m.ManagePackagesScreen }))),
          screen('admin/rides', 'Manage Ride Packages', () => import('../screens/admin/packages/manage-packages-screen.tsx').then((m) => ({ Component: m.ManageRidesScreen }))),
          screen('admin/forms', 'Forms Management', () => import('../screens/admin/forms/forms-management-screen.tsx').then((m) => ({ Component: m.FormsManagementScreen }))),
          screen('admin/forms/:id/submissions', 'Form Submissions', () => import('../screens/admin/forms/form-submissions-screen.tsx').then((m) => ({ Component: m.FormSubmissionsScreen }))),
          screen('admin/forms/:type/:id/create', 'Create Form', () => import('../screens/admin/form-builder/form-builder-screen.tsx').then((m) => ({ Component: m.FormBuilderScreen }))),
          screen('admin/forms/:type/:id/edit', 'Edit Form', () => import('../screens/admin/form-builder/form-builder-screen.tsx').then((m) => ({ Component: m.FormBuilderScreen }))),
          screen('admin', 'Admin Control', () => import('../screens/admin/admin-dashboard-screen.tsx').then((m) => ({ Component: m.AdminDashboardScreen }))),
          screen('admin/events', 'Manage Events', () => import('../screens/admin/events/manage-events-screen.tsx').then((m) => ({ Component: m.ManageEventsScreen }))),
          screen('admin/products', 'Manage Products', () => import('../screens/admin/products/manage-products-screen.tsx').then((m) => ({ Component: m.ManageProductsScreen }))),
          screen('admin/receipts', 'Manage Receipts', () => import('../screens/admin/receipts/manage-receipts-screen.tsx').then((m) => ({ Component: m.ManageReceiptsScreen }))),
          screen('admin/users', 'Manage Users', () => import('../screens/admin/users/manage-users-screen.tsx').then((m) => ({ Component: m.ManageUsersScreen }))),
          screen('admin/home', 'Home Page', () => import('../screens/admin/home/manage-home-screen.tsx').then((m) => ({ Component: m.ManageHomeScreen }))),
          screen('admin/providers', 'Manage Fete Faces', () => import('../screens/admin/providers/manage-providers-screen.tsx').then((m) => ({ Component: m.ManageProvidersScreen }))),
          screen('admin/restaurants', 'Manage Restaurants', () => import('../screens/admin/restaurants/manage-restaurants-screen.tsx').then((m) => ({ Component: m.ManageRestaurantsScreen }))),
          screen('admin/events/:id/details', 'Event Details', () => import('../screens/admin/details/event-details-screen.tsx').then((m) => ({ Component: m.EventDetailsScreen }))),
          screen('admin/providers/:id/details', 'Fete Face Details', () => import('../screens/admin/details/provider-details-screen.tsx').then((m) => ({ Component: m.ProviderDetailsScreen }))),
          screen('admin/restaurants/:id/details', 'Restaurant Details', () => import('../screens/admin/details/restaurant-details-screen.tsx').then((m) => ({ Component: m.RestaurantDetailsScreen }))),
          screen('admin/bands', 'Manage Bands', () => import('../screens/admin/bands/manage-bands-screen.tsx').then((m) => ({ Component: m.ManageBandsScreen }))),
          screen('admin/reports', 'Reports', () => import('../screens/admin/reports/manage-reports-screen.tsx').then((m) => ({ Component: m.ManageReportsScreen }))),
          screen('admin/*', 'Page not found', () => import('../screens/admin/admin-not-found-screen.tsx').then((m) => ({ Component: m.AdminNotFoundScreen }))),
          {
            path: '*',
            handle: { title: 'Page not found' } satisfies RouteMeta,
            // Tiny, and the error screen needs it anyway: part of the shell.
            Component: NotFoundScreen,
          },
        ],
      },
    ],
  },
];
