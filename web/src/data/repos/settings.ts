// The member's settings doc, which follows them across devices.
import type { SettingsDoc } from '../../../../design-docs/src/schemas/settings.ts';
import { SETTINGS_ID } from '../../../../design-docs/src/ids.ts';
import { isConflict, isNotFound } from '../pouch.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';

export type SettingsPatch = Partial<Omit<SettingsDoc, '_id' | '_rev' | 'type'>>;

export function createSettingsRepo(ctx: RepoContext) {
  return {
    async get(): Promise<SettingsDoc | null> {
      const me = ctx.member();
      if (!me) return null;
      try {
        return (await me.dbs.userdb.get(SETTINGS_ID)) as unknown as SettingsDoc;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async update(patch: SettingsPatch): Promise<void> {
      const me = requireMember(ctx);
      for (let attempt = 0; ; attempt++) {
        let current: Record<string, unknown> = { _id: SETTINGS_ID, type: 'settings' };
        try {
          current = (await me.dbs.userdb.get(SETTINGS_ID)) as unknown as Record<string, unknown>;
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        try {
          await me.write.put('userdb', { ...current, ...patch, _id: SETTINGS_ID, type: 'settings', updated_at: ctx.now().toISOString() });
          return;
        } catch (err) {
          if (!isConflict(err) || attempt >= 2) throw err;
        }
      }
    },
  };
}
