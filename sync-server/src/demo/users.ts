// Who lives in the demo: three accounts with published passwords for trying the app, and a
// small community (random passwords) so chat, attendee lists, ratings and Fete Nation have people.
import type { DemoAccountSpec } from './accounts.ts';

export const DEMO_MEMBER = {
  email: 'member@fete.demo', password: 'fete-member', first_name: 'Aaliyah', last_name: 'Charles',
  territory: 'Trinidad and Tobago', locality: 'Port of Spain', role: 'member', avatar_url: 'demo/member.webp',
} as const satisfies DemoAccountSpec;

export const DEMO_OWNER = {
  email: 'owner@fete.demo', password: 'fete-owner', first_name: 'Marcus', last_name: 'Ramsaran',
  territory: 'Trinidad and Tobago', locality: 'Woodbrook', role: 'member', avatar_url: 'demo/owner.webp',
} as const satisfies DemoAccountSpec;

export const DEMO_ADMIN = {
  email: 'admin@fete.demo', password: 'fete-admin', first_name: 'Nadine', last_name: 'Alleyne',
  territory: 'Barbados', locality: 'Bridgetown', role: 'admin', avatar_url: 'demo/admin.webp',
} as const satisfies DemoAccountSpec;

const COMMUNITY: ReadonlyArray<[string, string, string, string]> = [
  ['Kerwin', 'Joseph', 'Trinidad and Tobago', 'San Fernando'],
  ['Shanice', 'Greenidge', 'Barbados', 'Oistins'],
  ['Damian', 'Campbell', 'Jamaica', 'Kingston'],
  ['Gabrielle', 'Noel', 'Grenada', "St. George's"],
  ['Omari', 'Lewis', 'United States', 'Brooklyn'],
  ['Trudy', 'Hinds', 'United Kingdom', 'London'],
];

export const DEMO_COMMUNITY: readonly DemoAccountSpec[] = COMMUNITY.map(([first_name, last_name, territory, locality], i) => ({
  email: `${first_name}.${last_name}@fete.demo`.toLowerCase(),
  first_name,
  last_name,
  territory,
  locality,
  role: 'member',
  avatar_url: `demo/community-${i + 1}.webp`,
}));

export interface DemoUsers {
  member: string;
  owner: string;
  admin: string;
  community: string[];
}
