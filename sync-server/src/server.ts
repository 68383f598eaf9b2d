// Builds and starts the one Fete process: PWA at /, API at /api, CouchDB API at /db,
// uploads at /uploads, all on one port.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import type { PublicConfig } from '../../design-docs/src/schemas/api.ts';
import { createLogger } from './log.ts';
import type { Logger } from './log.ts';
import { createTokenService, loadSecret } from './auth/tokens.ts';
import { Revocations } from './auth/revocations.ts';
import type { Backend } from './backend/backend.ts';
import { createEmbeddedBackend } from './backend/embedded-backend.ts';
import { createExternalBackend } from './backend/external-backend.ts';
import { adminCallFor } from './backend/admin-call.ts';
import { withDbPrefix } from './backend/prefixed-backend.ts';
import { createGateway } from './gateway/gateway.ts';
import { securityHeaders } from './security-headers.ts';
import { FeedLimits } from './gateway/feed-limits.ts';
import { WriteRate } from './gateway/write-rate.ts';
import { UserDbLimits } from './gateway/userdb-limits.ts';
import { SharedUsage } from './gateway/shared-usage.ts';
import { ApiError, apiError } from './http-errors.ts';
import { provisionCouchSystem, provisionShared } from '../../couch/src/provision.ts';
import { createMailer } from './mail/mailer.ts';
import type { ServerContext } from './context.ts';
import { createAuthRoutes } from './auth/routes.ts';
import { createFunctionRoutes } from './functions/routes.ts';
import { createUploadRoutes } from './uploads/routes.ts';
import { uploadLayout } from './uploads/storage.ts';
import { thumbsOnDemand } from './uploads/thumbs.ts';
import { createUploadSweep } from './uploads/sweep.ts';
import { createAdminRoutes } from './admin/routes.ts';
import { createGeocodeRoutes } from './geocode/routes.ts';
import { createPushRoutes } from './push/routes.ts';
import { PushSender } from './push/sender.ts';
import { loadVapidKeys } from './push/vapid.ts';
import { createReminders } from './push/reminders.ts';
import { ensureAdminAccount } from './auth/admin-account.ts';
import { startWorkers } from './workers/index.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { repairAtStart, type RepairReport } from './backend/contract-repair.ts';
import { setImageHosts } from '../../design-docs/src/schemas/common.ts';
import { mountSeoFiles, mountShareCards } from './share/routes.ts';
import { mountHomePage } from './share/home-page.ts';
import { mountListPages } from './share/list-pages.ts';
import { compressAnswers } from './compression/compress-answers.ts';
import { precompressedFiles, shellAnswer, varyIfEncodable } from './compression/web-files.ts';

export interface FeteServer {
  url: string;
  port: number;
  ctx: ServerContext;
  /** The start-up pass that brings existing data to this design version (null: another server runs it). */
  contractRepair: Promise<RepairReport | null>;
  close(): Promise<void>;
}

export async function createBackend(config: Config, tokens: ServerContext['tokens'], log: Logger): Promise<Backend> {
  const engine = config.COUCH_URL
    ? createExternalBackend({
        url: config.COUCH_URL,
        nodeUrls: config.COUCH_NODE_URLS,
        user: config.COUCH_ADMIN_USER ?? '',
        password: config.COUCH_ADMIN_PASSWORD ?? '',
        log,
      })
    : await createEmbeddedBackend({ dataDir: config.dataDir, tokens, log, dbPrefix: config.DB_PREFIX });
  return withDbPrefix(engine, config.DB_PREFIX);
}

export function createApp(ctx: ServerContext): Hono {
  const { config, log, backend, tokens } = ctx;
  const app = new Hono();
  app.use('*', securityHeaders());

  app.onError((err, c) => {
    if (err instanceof ApiError) return apiError(c, err.status, err.code, err.message, err.extra);
    log('error', 'unhandled request error', err);
    return apiError(c, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
  });

  // JSON and text of 1 KB or more go out in the client's coding, live feeds aside (ADR 058).
  app.use('/api/*', compressAnswers());
  app.use('/db/*', compressAnswers());

  const api = new Hono();
  // Uploads stream their own, larger limit (30 MB). Hono runs matching handlers in the order they
  // were added and the upload handler never calls next(), so the JSON limit below never sees them.
  api.route('/uploads', createUploadRoutes(ctx));
  api.use(
    '*',
    bodyLimit({
      maxSize: config.API_BODY_LIMIT_BYTES,
      onError: (c) => apiError(c, 413, 'too_large', 'The request body is too large'),
    }),
  );
  api.get('/health', async (c) => {
    try {
      const res = await backend.adminFetch('/');
      if (!res.ok) throw new Error(String(res.status));
      await res.body?.cancel();
      return c.json({ ok: true, backend: backend.kind });
    } catch {
      return apiError(c, 503, 'backend_unavailable', 'The database backend does not answer');
    }
  });
  // Public settings the app shows (ADR 019): nothing secret, so no token, and cacheable for a
  // short while; the app keeps its own copy for offline use.
  api.get('/config', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ support_email: config.SUPPORT_EMAIL } satisfies PublicConfig);
  });
  api.route('/auth', createAuthRoutes(ctx));
  api.route('/functions', createFunctionRoutes(ctx));
  api.route('/admin', createAdminRoutes(ctx));
  api.route('/geocode', createGeocodeRoutes(ctx));
  api.route('/push', createPushRoutes(ctx));
  api.all('*', (c) => apiError(c, 404, 'not_found', 'No such API endpoint'));
  app.route('/api', api);

  app.route(
    '/db',
    createGateway({
      backend,
      tokens,
      bodyLimitBytes: config.DB_BODY_LIMIT_BYTES,
      log,
      limits: {
        feeds: new FeedLimits({ perUser: config.FEEDS_PER_USER, perAnonymousIp: config.FEEDS_PER_ANONYMOUS_IP, perIp: config.FEEDS_PER_IP }),
        writes: new WriteRate(config.SHARED_WRITES_PER_MEMBER, config.SHARED_WRITES_WINDOW_SECONDS * 1000),
        usage: new SharedUsage(
          { chatPostsPerMinute: config.CHAT_POSTS_PER_MINUTE, docsPerDay: config.SHARED_DOCS_PER_DAY, bytesPerDay: config.SHARED_BYTES_PER_DAY },
          ctx.adminCall,
          log,
        ),
        userdb: new UserDbLimits(
          {
            writesPerMinute: config.USERDB_WRITES_PER_MINUTE,
            dmsPerMinute: config.DMS_PER_MINUTE,
            dmsPerPairPerMinute: config.DMS_PER_RECEIVER_PER_MINUTE,
            reportsPerHour: config.REPORTS_PER_HOUR,
            maxDocs: config.USERDB_MAX_DOCS,
            maxBytes: config.USERDB_MAX_BYTES,
          },
          backend,
          ctx.adminCall,
        ),
        trustProxy: config.TRUST_PROXY,
      },
    }),
  );

  const uploads = uploadLayout(config.dataDir);
  app.use('/uploads/*', thumbsOnDemand(uploads, log));
  app.use(
    '/uploads/*',
    serveStatic({
      root: uploads.uploadsRoot,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.all('/uploads/*', (c) => apiError(c, 404, 'not_found', 'No such file'));

  // Sitemap and robots.txt need no built web app (ADR 009).
  mountSeoFiles(app, ctx);
  if (config.SERVE_WEB) {
    // Item pages with share cards come before the static files and the SPA fallback.
    mountShareCards(app, ctx);
    mountHomePage(app, ctx);
    mountListPages(app, ctx);
    mountWeb(app, config.webDist);
  }
  return app;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function mountWeb(app: Hono, webDist: string): void {
  // The build's brotli and gzip copies go to the clients that take them (ADR 058).
  app.use('/assets/*', precompressedFiles(webDist, IMMUTABLE));
  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      onFound: (p, c) => {
        c.header('Cache-Control', IMMUTABLE);
        varyIfEncodable(p, c);
      },
    }),
  );
  // A tab still running an older release may ask for a chunk that is gone: a 404, not the
  // app shell with a 200, which the browser would try to run as JavaScript.
  app.all('/assets/*', (c) => c.text('Not found', 404));
  // index.html, sw.js and the manifest keep their names across releases: always revalidate them,
  // or a browser would hold on to an old service worker.
  app.use('*', precompressedFiles(webDist, 'no-cache'));
  app.use(
    '*',
    serveStatic({
      root: webDist,
      onFound: (p, c) => {
        c.header('Cache-Control', 'no-cache');
        varyIfEncodable(p, c);
      },
    }),
  );
  // Deep links fall back to the app shell, which routes on the client.
  app.get('*', (c) => {
    if (!existsSync(path.join(webDist, 'index.html'))) return c.text('The web app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return shellAnswer(c, webDist) ?? c.text('The web app is not built. Run `npm run build`.', 503);
  });
}

/** Starts everything. `config.PORT` 0 picks a free port (the tests use that). */
export async function startServer(config: Config, logger?: Logger): Promise<FeteServer> {
  const log = logger ?? createLogger(config.LOG_LEVEL, { redactEmails: config.NODE_ENV === 'production' });
  await mkdir(path.join(config.dataDir, 'uploads'), { recursive: true });
  const secret = await loadSecret(config.dataDir, config.JWT_SECRET);
  const revocations = new Revocations(config.ACCESS_TOKEN_SECONDS);
  const tokens = createTokenService(secret, config.JWT_KID, config.ACCESS_TOKEN_SECONDS, (user, ims, sid) => revocations.isRevoked(user, ims, sid));
  const backend = await createBackend(config, tokens, log);
  const adminCall = adminCallFor(backend);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    log,
    logDetails: config.NODE_ENV !== 'production',
  });
  const push = new PushSender({
    call: adminCall,
    keys: await loadVapidKeys(config),
    allowedOrigins: config.PUSH_ALLOWED_ORIGINS,
    queueMax: config.PUSH_QUEUE_MAX,
    concurrency: config.PUSH_CONCURRENCY,
    log,
  });
  const ctx: ServerContext = { config, tokens, backend, log, adminCall, mailer, revocations, push };

  // Before provisioning: the image hosts are part of the installed validators.
  setImageHosts(config.IMAGE_HOSTS);
  if (backend.kind === 'external') await provisionCouchSystem(adminCall);
  await provisionShared(adminCall);
  await revocations.load(adminCall);
  const stopFollowing = revocations.follow(backend.onDbUpdate.bind(backend), (err) => log('warn', 'could not read revocations from accounts', err));
  await ensureAdminAccount(ctx);
  if (config.SEED_DEMO) await seedDemoIfEmpty(ctx);
  // Not awaited: a pass over many userdbs must not hold up the start; what it cannot repair is logged.
  const stopRepair = new AbortController();
  const contractRepair = repairAtStart(ctx, stopRepair.signal).catch((err: unknown) => {
    if (!stopRepair.signal.aborted) log('error', 'contract repair failed; it runs again on the next start', err);
    return null;
  });
  const workers = config.WORKERS ? await startWorkers(ctx) : null;
  // Event reminders run with the workers: a process that runs none sends none (ADR 016, ADR 048).
  const reminders = config.WORKERS ? createReminders(ctx) : null;
  // So does the sweep of unused uploads, one server at a time by its lease (ADR 055).
  const uploadSweep = config.WORKERS ? createUploadSweep(ctx) : null;

  const app = createApp(ctx);
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info: AddressInfo) => resolve({ server: s, port: info.port }));
    s.once('error', reject);
  });
  const url = `http://${config.HOST}:${port}`;
  if (config.PUBLIC_URL === undefined) ctx.config.publicUrl = url;
  log('info', `Fete is running at ${url}`, { backend: backend.kind, dataDir: config.dataDir });

  let closed = false;
  return {
    url,
    port,
    ctx,
    contractRepair,
    async close() {
      if (closed) return;
      closed = true;
      stopRepair.abort();
      await contractRepair;
      await workers?.stop();
      reminders?.stop();
      await uploadSweep?.stop();
      push.stop();
      stopFollowing();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await backend.close();
    },
  };
}
