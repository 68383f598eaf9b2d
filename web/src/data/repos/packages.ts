// Fete Packages and Fete Rides: members-only catalogues, each card leading to a form.
import type { PackageDoc, RideDoc } from '../../../../design-docs/src/schemas/package.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { byOrder, getItem, listType } from './query.ts';
import type { Item } from './query.ts';

export type Package = Item<PackageDoc>;
export type Ride = Item<RideDoc>;

function createCatalogue<T extends PackageDoc | RideDoc>(ctx: RepoContext, type: 'package' | 'ride') {
  return {
    /** Active ones by order. */
    async list(): Promise<Item<T>[]> {
      const me = ctx.member();
      if (!me) return [];
      return (await listType<T>(me.dbs.members, type)).filter((p) => p.active !== false).sort(byOrder);
    },
    async byId(id: string): Promise<Item<T> | null> {
      const me = ctx.member();
      return me ? getItem<T>(me.dbs.members, docId(type, id)) : null;
    },
  };
}

export const createPackagesRepo = (ctx: RepoContext) => createCatalogue<PackageDoc>(ctx, 'package');
export const createRidesRepo = (ctx: RepoContext) => createCatalogue<RideDoc>(ctx, 'ride');
