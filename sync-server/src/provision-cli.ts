// `npm run provision`: installs Fete's databases, _security, validators and indexes on an
// Apache CouchDB (COUCH_URL with COUCH_ADMIN_USER / COUCH_ADMIN_PASSWORD). Idempotent.
// `npm run provision -- --print-jwt-key` prints the [jwt_keys] line for local.ini.
import { loadConfig, ConfigError } from './config.ts';
import { createExternalBackend } from './backend/external-backend.ts';
import { adminCallFor } from './backend/admin-call.ts';
import { withDbPrefix } from './backend/prefixed-backend.ts';
import { loadSecret } from './auth/tokens.ts';
import { createLogger } from './log.ts';
import { ProvisionError, provisionCouchSystem, provisionDatabase, provisionShared } from '../../couch/src/provision.ts';
import { userIdFromDbName } from '../../design-docs/src/databases.ts';

try {
  const config = loadConfig();
  if (process.argv.includes('--print-jwt-key')) {
    const secret = await loadSecret(config.dataDir, config.JWT_SECRET);
    console.log(`hmac:${config.JWT_KID} = ${Buffer.from(secret).toString('base64')}`);
    process.exit(0);
  }
  if (!config.COUCH_URL) {
    console.error('Set COUCH_URL, COUCH_ADMIN_USER and COUCH_ADMIN_PASSWORD. The embedded backend provisions itself at start.');
    process.exit(1);
  }
  const backend = withDbPrefix(
    createExternalBackend({
      url: config.COUCH_URL,
      user: config.COUCH_ADMIN_USER ?? '',
      password: config.COUCH_ADMIN_PASSWORD ?? '',
      log: createLogger('info'),
    }),
    config.DB_PREFIX,
  );
  const call = adminCallFor(backend);
  const system = await provisionCouchSystem(call);
  if (system.created) console.log('Created _global_changes (the workers follow _db_updates).');
  await provisionShared(call);
  const all = await call('GET', '/_all_dbs');
  const userdbs = (all.body as string[]).filter((db) => userIdFromDbName(db) !== null);
  for (const db of userdbs) await provisionDatabase(call, db);
  console.log(`Provisioned the shared databases and ${userdbs.length} userdbs${config.DB_PREFIX ? ` (prefix ${config.DB_PREFIX})` : ''}.`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof ProvisionError ? err.message : err);
  process.exit(1);
}
