// Vitest global setup of the integration project. With COUCH_URL set, the suite runs against
// that Apache CouchDB (issue 9):
// - it installs its own signing key there through the node's `_config`, so tests need no
//   hand-made ini, and the key a test token is signed with is the one jwt_auth checks;
// - it names this run (FETE_TEST_RUN), which starts every test server's DB_PREFIX, and at the
//   end deletes this run's databases, so a shared engine is left as it was found.
// Without COUCH_URL it does nothing.
import { randomBytes } from 'node:crypto';
import { TEST_SECRET } from './admin-http.ts';

function admin(): { base: string; auth: string } {
  const base = (process.env.COUCH_URL ?? '').replace(/\/+$/, '');
  const auth = 'Basic ' + Buffer.from(`${process.env.COUCH_ADMIN_USER ?? ''}:${process.env.COUCH_ADMIN_PASSWORD ?? ''}`).toString('base64');
  return { base, auth };
}

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (!process.env.COUCH_URL) return;
  const { base, auth } = admin();
  const key = Buffer.from(TEST_SECRET).toString('base64');
  const res = await fetch(`${base}/_node/_local/_config/jwt_keys/hmac:fete`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(key),
  });
  if (!res.ok) throw new Error(`could not install the test signing key in ${base}: ${res.status} ${await res.text()}`);
  // Lowercase letters and digits only: it starts a CouchDB database name.
  const run = process.env.FETE_TEST_RUN ?? randomBytes(3).toString('hex');
  process.env.FETE_TEST_RUN = run;

  return async () => {
    const all = await fetch(`${base}/_all_dbs`, { headers: { authorization: auth } });
    if (!all.ok) return;
    const mine = ((await all.json()) as string[]).filter((db) => db.startsWith(`t${run}`));
    for (const db of mine) await fetch(`${base}/${encodeURIComponent(db)}`, { method: 'DELETE', headers: { authorization: auth } });
  };
}
