// Fete Packages and Fete Rides: members-only catalogues in the members database, and the package
// or ride a form is filled in for, with its form and the member's profile.
import type { FormType } from '../../../../design-docs/src/constants.ts';
import { useDataLayer, useLiveQuery } from '../react.ts';
import type { Package, Ride } from '../repos/packages.ts';

/** Active packages or rides by order; empty without asking while signed out. */
export function usePackageList(type: 'package' | 'ride', userId: string | null) {
  const data = useDataLayer();
  return useLiveQuery<Array<Package | Ride>>(
    () => (userId === null ? Promise.resolve([]) : type === 'ride' ? data.rides.list() : data.packages.list()),
    [userId, type],
    { dbs: ['members'] },
  );
}

/** What the form-fill page needs at once. The profile only fills in a name: its failure is not the page's. */
export function useFormTarget(type: FormType, targetId: string) {
  const data = useDataLayer();
  return useLiveQuery(
    async () => {
      const [target, form, profile] = await Promise.all([
        type === 'ride' ? data.rides.byId(targetId) : data.packages.byId(targetId),
        data.forms.forTarget(type, targetId, { includeInactive: true }),
        data.profiles.mine().catch(() => null), // profile errors are only logged
      ]);
      return { target, form, profile };
    },
    [type, targetId],
    { dbs: ['members'] },
  );
}
