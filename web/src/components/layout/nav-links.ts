// The sidebar's links. Labels follow the spec's route table: the band listing (/fete-destinations)
// is labelled Fete Band, and the festival list (/fete-travel) is labelled Fete Destinations.

export interface NavLinkSpec {
  label: string;
  to: string;
  /** Shown but not a link, with a "Coming Soon" tag. */
  disabled?: boolean;
}

export const PUBLIC_LINKS: readonly NavLinkSpec[] = [
  { label: 'Home', to: '/' },
  { label: 'Fete Guide', to: '/fete-guide' },
  { label: 'Fete Eats', to: '/fete-eats' },
  { label: 'Fete Faces', to: '/fete-faces' },
  { label: 'Fete Band', to: '/fete-destinations' },
  { label: 'Fete Destinations', to: '/fete-travel' },
  { label: 'Fete Marqet', to: '/fete-marqet' },
  { label: 'Fete Packages', to: '/fete-packages' },
  { label: 'Fete Rides', to: '/fete-rides' },
  { label: 'Fete Nation', to: '/fete-nation' },
  { label: 'Fete Chat', to: '/fete-chat' },
];

/**
 * The Admin Control group, for admins only: the dashboard, then the
 * same pages as the dashboard's cards, in their order (a unit test holds them equal).
 */
export const ADMIN_LINKS: readonly NavLinkSpec[] = [
  { label: 'Dashboard', to: '/admin' },
  { label: 'Events', to: '/admin/events' },
  { label: 'Products', to: '/admin/products' },
  { label: 'Fete Faces', to: '/admin/providers' },
  { label: 'Restaurants', to: '/admin/restaurants' },
  { label: 'Bands', to: '/admin/bands' },
  { label: 'Packages', to: '/admin/packages' },
  { label: 'Rides', to: '/admin/rides' },
  { label: 'Forms', to: '/admin/forms' },
  { label: 'Home Page', to: '/admin/home' },
  { label: 'Receipts', to: '/admin/receipts' },
  { label: 'Users', to: '/admin/users' },
  { label: 'Reports', to: '/admin/reports' },
  { label: 'Site Settings', to: '/admin/settings', disabled: true },
];

/** The sidebar is hidden on sign-in, sign-up and chat. */
export function sidebarHiddenOn(pathname: string): boolean {
  return /^\/(signin|signup|fete-chat)\/?$/.test(pathname);
}

/**
 * "Partner strip (home and most pages)": not on the account screens (sign-in, sign-up, reset),
 * chat (a full-height two-panel screen) or the admin area.
 */
export function partnerStripHiddenOn(pathname: string): boolean {
  return /^\/(signin|signup|reset-password|fete-chat)\/?$/.test(pathname) || /^\/admin(\/|$)/.test(pathname);
}
