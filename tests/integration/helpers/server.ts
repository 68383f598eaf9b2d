// Starts the real Fete server (embedded backend, or COUCH_URL when set, in a namespace of its
// own) for a test file.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../../sync-server/src/config.ts';
import { startServer } from '../../../sync-server/src/server.ts';
import type { FeteServer } from '../../../sync-server/src/server.ts';
import { provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { couchEnv } from './couch-namespace.ts';
import { scratchRoot } from '../../support/scratch-root.ts';

export interface TestServer {
  url: string;
  dbUrl: string;
  dataDir: string;
  server: FeteServer;
  /** A signed access token, minted directly (for access tests that do not exercise sign-in). */
  token(userId: string, roles: string[]): Promise<string>;
  /** Creates a userdb as sign-up does, without an account. */
  createUserDb(userId: string): Promise<string>;
  close(): Promise<void>;
}

/** Rate limits high enough that ordinary tests never hit them; the rate-limit test sets its own. */
const RELAXED = {
  RATE_SIGNIN_PER_ACCOUNT: '1000',
  RATE_SIGNIN_PER_IP: '1000',
  RATE_SIGNUP_PER_IP: '1000',
  RATE_RESET_PER_ACCOUNT: '1000',
  RATE_RESET_PER_IP: '1000',
  FEEDS_PER_USER: '1000',
  FEEDS_PER_ANONYMOUS_IP: '1000',
  SHARED_WRITES_PER_MEMBER: '100000',
  CHAT_POSTS_PER_MINUTE: '100000',
  USERDB_WRITES_PER_MINUTE: '100000',
  DMS_PER_MINUTE: '100000',
  DMS_PER_RECEIVER_PER_MINUTE: '100000',
  REPORTS_PER_HOUR: '100000',
};

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(scratchRoot(), 'fete-test-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: process.env.FETE_TEST_LOG ?? 'error',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...couchEnv(dataDir),
    ...RELAXED,
    ...env,
  });
  const server = await startServer(config);
  const { ctx } = server;
  return {
    url: server.url,
    dbUrl: `${server.url}/db`,
    dataDir,
    server,
    async token(userId, roles) {
      return (await ctx.tokens.signAccess(userId, roles)).token;
    },
    async createUserDb(userId) {
      const name = userDbName(userId);
      await provisionDatabase(ctx.adminCall, name);
      return name;
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
