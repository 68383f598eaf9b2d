// Vitest global setup of the integration project. With COUCH_URL set, the suite runs against
// that Apache CouchDB (ADR 039):
// - it installs its own signing key there through the node's `_config`, so tests need no
//   hand-made ini, and the key a test token is signed with is the one jwt_auth checks;
// - it names this run (FETE_TEST_RUN), which starts every test server's DB_PREFIX, and at the
//   end deletes this run's databases, so a shared engine is left as it was found.
// Without COUCH_URL it does nothing.
import { randomBytes } from 'node:crypto';
import { TEST_SECRET } from './admin-http.ts';

/** Fete's databases without any prefix. */
const UNPREFIXED = /^(?:catalog|members|chat|submissions|receipts|accounts|userdb-[0-9a-f]+)$/;

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
  const listAll = async (): Promise<string[]> => {
    const all = await fetch(`${base}/_all_dbs`, { headers: { authorization: auth } });
    return all.ok ? ((await all.json()) as string[]) : [];
  };
  // A test server started without its namespace would write into the engine's plain names.
  const plainBefore = new Set((await listAll()).filter((db) => UNPREFIXED.test(db)));

  return async () => {
    const all = await listAll();
    const mine = all.filter((db) => db.startsWith(`t${run}`));
    for (const db of mine) await fetch(`${base}/${encodeURIComponent(db)}`, { method: 'DELETE', headers: { authorization: auth } });
    const leaked = all.filter((db) => UNPREFIXED.test(db) && !plainBefore.has(db));
    if (leaked.length > 0) throw new Error(`a test server ran without its DB_PREFIX and created ${leaked.join(', ')} in ${base}`);
  };
}
