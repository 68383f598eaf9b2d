// Custom forms, one per package or ride (`form:{formtype}:{targetid}`).
import type { FormDoc } from '../../../../design-docs/src/schemas/form.ts';
import type { FormType } from '../../../../design-docs/src/constants.ts';
import { formId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { getItem } from './query.ts';
import type { Item } from './query.ts';

export type Form = Item<FormDoc>;

export function createFormsRepo(ctx: RepoContext) {
  return {
    /** The form of a package or ride; inactive ones only when asked (admins may open them). */
    async forTarget(formtype: FormType, targetid: string, opts: { includeInactive?: boolean } = {}): Promise<Form | null> {
      const me = ctx.member();
      if (!me) return null;
      const form = await getItem<FormDoc>(me.dbs.members, formId(formtype, targetid));
      return form && (form.active !== false || opts.includeInactive) ? form : null;
    },
  };
}
