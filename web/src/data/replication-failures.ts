// How a replication's failure reads: no signal, a rate or a full space (the writes wait), or a
// document the server refused.
import type { DeniedError } from './pouch.ts';
import { isNetworkFailure, statusOf } from './pouch.ts';
import type { SyncStatusStore } from './sync-status.ts';

export function deniedReason(err: DeniedError): string {
  return err.reason ?? err.message ?? err.error ?? 'refused by the server';
}

/**
 * The server's reason when a push was held back by a rate (429): the whole request, or some of
 * its documents (the gateway cuts a Public Chat batch that does not fit, ADR 024).
 */
export function rateLimitReason(err: unknown): string | null {
  const code = (err as { error?: unknown; name?: unknown } | null)?.error ?? (err as { name?: unknown } | null)?.name;
  // A full userdb (413 quota_exceeded, docs/limits.md) is told the same way: the writes wait on the device.
  if (statusOf(err) === 413 && code === 'quota_exceeded') {
    const reason = (err as { reason?: unknown }).reason;
    return typeof reason === 'string' && reason.trim() !== '' ? reason : 'Your space on Fete is full. Remove some items to add more.';
  }
  if (statusOf(err) !== 429 && (err as { error?: unknown } | null)?.error !== 'too_many_requests') return null;
  const e = err as { reason?: unknown; message?: unknown };
  const text = [e.reason, e.message].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return text ?? 'The server asked to slow down; waiting messages will be sent shortly.';
}

/** True when the failure is the network's (no signal, a gateway down): the sync pill says so. */
export function noteNetworkFailure(status: SyncStatusStore, err: unknown): boolean {
  const network = isNetworkFailure(err);
  if (network) status.setReachable(false);
  return network;
}
