// A member's push devices: one `push:{user_id}` document in `accounts` (ADR 048), written only by
// the server, so it works the same on the embedded backend and on a cluster and members never
// read it. At most PUSH_SUBSCRIPTIONS_MAX devices, oldest first; a new one past that drops the oldest.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { PUSH_SUBSCRIPTIONS_MAX, type PushDevice, type PushSubscribeBody, type PushSubscriptionsDoc } from '../../../design-docs/src/schemas/push.ts';
import { ACCOUNTS_DB } from '../auth/accounts-repo.ts';
import { deleteDoc, getDoc, putDoc, updateDoc } from '../auth/doc-store.ts';
import { BackendError } from '../backend/backend.ts';

type Doc = Omit<PushSubscriptionsDoc, '_id' | '_rev'>;

export const pushDocId = (userId: string) => `push:${userId}`;

export async function listDevices(call: AdminCall, userId: string): Promise<PushDevice[]> {
  const doc = await getDoc<Doc>(call, ACCOUNTS_DB, pushDocId(userId));
  return doc && Array.isArray(doc.devices) ? doc.devices : [];
}

/** Adds the device, or refreshes its keys when the endpoint is known (a repeat is idempotent). */
export async function addDevice(call: AdminCall, userId: string, sub: PushSubscribeBody, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const device: PushDevice = { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, expiration_time: sub.expirationTime ?? null, created_at: at };
  const id = pushDocId(userId);
  for (let i = 0; i < 5; i++) {
    const updated = await updateDoc<Doc>(call, ACCOUNTS_DB, id, (d) => {
      const known = d.devices.find((x) => x.endpoint === device.endpoint);
      if (known && known.p256dh === device.p256dh && known.auth === device.auth && known.expiration_time === device.expiration_time) return null;
      const others = d.devices.filter((x) => x.endpoint !== device.endpoint);
      const devices = [...others, known ? { ...device, created_at: known.created_at } : device].slice(-PUSH_SUBSCRIPTIONS_MAX);
      return { ...d, devices, updated_at: at };
    });
    if (updated) return;
    // Unchanged, or no document yet: only the second needs a write.
    if (await getDoc(call, ACCOUNTS_DB, id)) return;
    const created = await putDoc(call, ACCOUNTS_DB, { _id: id, type: 'push', user_id: userId, devices: [device], updated_at: at } satisfies Doc & { _id: string });
    if (created !== 'conflict') return;
  }
  throw new BackendError(409, 'kept conflicting', `add push device for ${userId}`);
}

/** Removes the devices with these endpoints; the document goes with the last one. */
export async function removeDevices(call: AdminCall, userId: string, endpoints: readonly string[], now = new Date()): Promise<void> {
  const id = pushDocId(userId);
  const gone = new Set(endpoints);
  const left = await updateDoc<Doc>(call, ACCOUNTS_DB, id, (d) => {
    const devices = d.devices.filter((x) => !gone.has(x.endpoint));
    return devices.length === d.devices.length ? null : { ...d, devices, updated_at: now.toISOString() };
  });
  if (left && left.devices.length === 0) await deleteDoc(call, ACCOUNTS_DB, id, (d) => Array.isArray(d.devices) && d.devices.length === 0);
}

/** Sign-out everywhere, a password change: no device of theirs is notified any more, but `keep`. */
export async function removeAllDevices(call: AdminCall, userId: string, keep?: string): Promise<void> {
  if (keep === undefined) {
    await deleteDoc(call, ACCOUNTS_DB, pushDocId(userId));
    return;
  }
  const devices = await listDevices(call, userId);
  await removeDevices(call, userId, devices.map((d) => d.endpoint).filter((e) => e !== keep));
}
