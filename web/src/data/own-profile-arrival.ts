// Sign-up's first moments: the member's own profile is written by the server and reaches this
// device with the first pull; what is saved on it (the sign-up picture) waits for it here.
import type { DataLayer } from './data-layer-api.ts';

/** Resolves once the member's own profile is in the local database (it arrives with a pull). */
export function waitForOwnProfile(data: DataLayer, timeoutMs = 30_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      if (err) reject(err);
      else resolve();
    };
    const check = () => {
      data.profiles.mine().then(
        (p) => {
          if (p) finish();
        },
        () => undefined,
      );
    };
    const timer = setTimeout(() => finish(new Error('Your profile has not arrived on this device yet')), timeoutMs);
    // Subscribe before the first look, so an arrival in between is not missed.
    const unsubscribe = data.hub.subscribe(['members'], check);
    check();
  });
}
