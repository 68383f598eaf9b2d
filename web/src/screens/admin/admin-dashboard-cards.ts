// The cards of the admin dashboard, in the spec's order. Users and Bands
// are built too (beyond the spec's list; Users in ADR 026), so they link; Site Settings stays disabled and
// marked Coming Soon.
export interface AdminCard {
  title: string;
  description: string;
  /** Null for a card shown disabled. */
  to: string | null;
}

export const COMING_SOON = 'Coming Soon';

export const ADMIN_CARDS: readonly AdminCard[] = [
  { title: 'Manage Events', description: 'Fete Guide events: add, edit, feature and remove.', to: '/admin/events' },
  { title: 'Manage Products', description: 'Fete Marqet products, sizes and colours.', to: '/admin/products' },
  { title: 'Manage Fete Faces', description: 'Fete Faces providers and their services.', to: '/admin/providers' },
  { title: 'Manage Restaurants', description: 'Fete Eats restaurants.', to: '/admin/restaurants' },
  { title: 'Manage Bands', description: 'Carnival bands on Fete Destinations.', to: '/admin/bands' },
  { title: 'Manage Packages', description: 'Carnival packages and their forms.', to: '/admin/packages' },
  { title: 'Manage Ride Packages', description: 'Fete Rides and their forms.', to: '/admin/rides' },
  { title: 'Forms Management', description: 'Custom forms and their submissions.', to: '/admin/forms' },
  { title: 'Home Page', description: 'Hero slides, ads, partners and the order of the featured rows.', to: '/admin/home' },
  { title: 'Manage Receipts', description: 'Members’ receipts and balances.', to: '/admin/receipts' },
  { title: 'Users', description: 'Members, admins and memberships.', to: '/admin/users' },
  { title: 'Reports', description: 'Chat messages members reported.', to: '/admin/reports' },
  { title: 'Site Settings', description: 'Settings of the whole site.', to: null },
];
