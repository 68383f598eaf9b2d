// A profile change saved on this device (it syncs later), said in a toast: saved, saved offline, or failed.
import { useToast } from '../../components/ui/index.ts';
import { PROFILE_SAVED, PROFILE_SAVE_FAILED, SAVED_OFFLINE } from '../../components/account/account-texts.ts';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';

export function useProfileSaver() {
  const data = useDataLayer();
  const toast = useToast();
  const sync = useSyncStatus();
  return async (patch: Parameters<typeof data.profiles.updateMine>[0]): Promise<boolean> => {
    try {
      await data.profiles.updateMine(patch);
      toast.success(PROFILE_SAVED);
      if (sync.state === 'offline') toast.info(SAVED_OFFLINE);
      return true;
    } catch {
      toast.error(PROFILE_SAVE_FAILED);
      return false;
    }
  };
}
