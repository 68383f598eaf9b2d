// Vitest global setup of the integration project. With COUCH_URL set, the suite runs against
// that Apache CouchDB (issue 9): it installs its own signing key there through the node's
// `_config`, so tests need no hand-made ini, and the key a test token is signed with is the one
// CouchDB's jwt_auth checks. Without COUCH_URL it does nothing.
import { TEST_SECRET } from './admin-http.ts';

export default async function setup(): Promise<void> {
  const url = process.env.COUCH_URL;
  if (!url) return;
  const auth = 'Basic ' + Buffer.from(`${process.env.COUCH_ADMIN_USER ?? ''}:${process.env.COUCH_ADMIN_PASSWORD ?? ''}`).toString('base64');
  const key = Buffer.from(TEST_SECRET).toString('base64');
  const res = await fetch(`${url.replace(/\/+$/, '')}/_node/_local/_config/jwt_keys/hmac:fete`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(key),
  });
  if (!res.ok) throw new Error(`could not install the test signing key in ${url}: ${res.status} ${await res.text()}`);
}
