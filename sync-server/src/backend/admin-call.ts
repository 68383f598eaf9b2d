import type { AdminCall } from '../../../couch/src/provision.ts';
import type { Backend } from './backend.ts';

/** Adapts the backend's admin fetch to the small JSON call provisioning and management use. */
export function adminCallFor(backend: Backend): AdminCall {
  return async (method, path, body) => {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    }
    const res = await backend.adminFetch(path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON answers are kept as text for the error message.
    }
    return { status: res.status, body: parsed };
  };
}
