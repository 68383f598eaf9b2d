// All configuration comes from the environment and is checked here, once, at boot.
import { z } from 'zod';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { CHAT_POSTS_PER_MINUTE, DEFAULT_SUPPORT_EMAIL } from '../../design-docs/src/constants.ts';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveInt = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be above 0');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ error: 'must be a URL such as http://127.0.0.1:5984' }).optional())
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    PUBLIC_URL: optionalUrl,
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (it signs every token)')
      .optional(),
    JWT_KID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or -').default('fete'),
    ACCESS_TOKEN_SECONDS: positiveInt.default(15 * 60),
    REFRESH_TOKEN_DAYS: positiveInt.default(30),
    COUCH_URL: optionalUrl,
    /**
     * The cluster's other nodes, space- or comma-separated: when COUCH_URL's node cannot be
     * reached, the server goes on through the next (ADR 039). Optional; a load balancer works too.
     */
    COUCH_NODE_URLS: z
      .string()
      .trim()
      .transform((v) => v.split(/[\s,]+/).filter((u) => u !== ''))
      .pipe(z.array(z.url({ error: 'must be URLs such as http://127.0.0.1:5985, separated by spaces or commas' })))
      .default([]),
    COUCH_ADMIN_USER: z.string().optional(),
    COUCH_ADMIN_PASSWORD: z.string().optional(),
    /** Carried by every database name in the engine, so deployments can share one CouchDB (ADR 015). */
    DB_PREFIX: z
      .string()
      .trim()
      .regex(/^(?:[a-z][a-z0-9_-]{0,63})?$/, 'must start with a lowercase letter and hold only a-z, 0-9, _ and - (at most 64), such as fete_')
      .default(''),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Fete <no-reply@fete.local>'),
    SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_SUPPORT_EMAIL),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    /**
     * A Nominatim-compatible place search for the restaurant map (ADR 033); empty turns it off
     * (the map then takes clicks and typed coordinates only).
     */
    GEOCODER_URL: z
      .string()
      .trim()
      .default('https://nominatim.openstreetmap.org')
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.url({ error: 'must be a URL such as https://nominatim.openstreetmap.org, or empty' }).optional()),
    /** Names Fete to the service, as its usage policy asks; defaults to the public URL and support e-mail. */
    GEOCODER_USER_AGENT: z.string().trim().min(1).max(300).optional(),
    /** The least time between two requests to the service (its policy: at most one a second). */
    GEOCODER_INTERVAL_MS: positiveInt.default(1000),
    /**
     * Hosts whose http(s) images an image field may hold besides this server's uploads (ADR 036):
     * comma-separated host names, none by default. Every viewer's browser fetches those images.
     */
    IMAGE_HOSTS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be host names such as images.example.com, separated by commas'))),
    SEED_DEMO: flag.default(true),
    SERVE_WEB: flag.default(true),
    /** The built PWA (index.html, assets/); defaults to the repository's dist/. */
    WEB_DIST: z.string().trim().min(1, 'must not be empty').optional(),
    WORKERS: flag.default(true),
    TRUST_PROXY: flag.default(false),
    RATE_SIGNIN_PER_ACCOUNT: positiveInt.default(5),
    RATE_SIGNIN_PER_IP: positiveInt.default(30),
    RATE_SIGNUP_PER_IP: positiveInt.default(10),
    RATE_RESET_PER_ACCOUNT: positiveInt.default(3),
    RATE_RESET_PER_IP: positiveInt.default(10),
    RATE_WINDOW_SECONDS: positiveInt.default(15 * 60),
    DB_BODY_LIMIT_BYTES: positiveInt.default(8 * 1024 * 1024),
    API_BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
    // Request bounds (ADR 012), one block per area (docs/limits.md lists them all).
    // -- reads and feeds (keys, selectors, _changes feeds per IP and per user)
    FEEDS_PER_USER: positiveInt.default(10),
    FEEDS_PER_ANONYMOUS_IP: positiveInt.default(20),
    FEEDS_PER_IP: positiveInt.default(500),

    // -- writes (per-member write rate on shared databases, document sizes)
    SHARED_WRITES_PER_MEMBER: positiveInt.default(300),
    SHARED_WRITES_WINDOW_SECONDS: positiveInt.default(60),
    /** Public Chat messages one member may post per 60 s (ADR 024); admins are not counted. */
    CHAT_POSTS_PER_MINUTE: positiveInt.default(CHAT_POSTS_PER_MINUTE),
    /**
     * What one member may write into catalog, members and chat in a UTC day, counted
     * by all servers together: a busy member attends, rates and chats a few hundred times a day.
     */
    SHARED_DOCS_PER_DAY: positiveInt.default(2_000),
    SHARED_BYTES_PER_DAY: positiveInt.default(10 * 1024 * 1024),
    /**
     * A member's own userdb: documents they write per minute (an offline day's likes,
     * messages and read marks come back in batches of 100), private messages per minute (a fast
     * typist), to one receiver per minute, reports per hour, and the documents and bytes on disk
     * of the whole userdb (receipts count too, so the room is generous). Private messages from
     * others are not the member's to bound: they have room of their own beside it (ADR 052),
     * past which new ones are not delivered.
     */
    USERDB_WRITES_PER_MINUTE: positiveInt.default(600),
    DMS_PER_MINUTE: positiveInt.default(60),
    DMS_PER_RECEIVER_PER_MINUTE: positiveInt.default(30),
    REPORTS_PER_HOUR: positiveInt.default(30),
    USERDB_MAX_DOCS: positiveInt.default(50_000),
    USERDB_MAX_BYTES: positiveInt.default(100 * 1024 * 1024),
    USERDB_MAX_RECEIVED: positiveInt.default(10_000),
    USERDB_MAX_RECEIVED_BYTES: positiveInt.default(50 * 1024 * 1024),

    // -- upload storage (ADR 055)
    /**
     * Bytes of uploads one member may keep on disk, counted by all servers together: both sizes
     * of each image and its thumbnail. Admins are not counted. Uploads no document shows go after
     * UPLOAD_UNUSED_SECONDS, which gives their bytes back.
     */
    UPLOAD_BYTES_PER_MEMBER: positiveInt.default(200 * 1024 * 1024),
    /** How long an upload no document shows is kept (a device may publish its event a day later, ADR 031). */
    UPLOAD_UNUSED_SECONDS: positiveInt.default(24 * 60 * 60),
    /** How often one server (a lease) sweeps uploads no document shows. */
    UPLOAD_SWEEP_SECONDS: positiveInt.default(60 * 60),

    // -- Web Push (ADR 048)
    /** The server's VAPID key pair (base64url); without them one is generated once into DATA_DIR. Several servers share one pair. */
    VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url of a 65-byte P-256 public key (87 characters)').optional(),
    VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url of a 32-byte P-256 private key (43 characters)').optional(),
    /** Who push services contact about this server: a mailto: or https: address; defaults to SUPPORT_EMAIL. */
    VAPID_SUBJECT: z.string().trim().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address').optional(),
    /**
     * Push service origins allowed besides the browsers' own (comma-separated), such as a test's
     * fake service on http://127.0.0.1:9999. Every other endpoint is refused (no SSRF).
     */
    PUSH_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be origins such as https://push.example.com, separated by commas' }))),
    /** Deliveries waiting at most, and at once; past the queue a push is dropped (the bell still has it). */
    PUSH_QUEUE_MAX: positiveInt.default(10_000),
    PUSH_CONCURRENCY: positiveInt.default(8),

    // -- accounts (lockout, revocation)
    /** Failed sign-ins of one account from anywhere before only known devices get through. */
    RATE_SIGNIN_PER_ACCOUNT_ALL: positiveInt.default(50),
    /**
     * A session's absolute lifetime from its first sign-in, whatever its refreshes (ADR 056).
     * Days; a fraction is allowed, so tests can make it seconds.
     */
    SESSION_MAX_DAYS: z.coerce.number({ error: 'must be a number' }).positive('must be above 0').default(90),
    /**
     * argon2 hashes running at once in this process, and waiting; past both, 429 (ADR 056). The
     * default leaves a core to the event loop and two of libuv's four threads to LevelDB and files.
     */
    HASH_MAX_RUNNING: positiveInt.default(Math.min(2, Math.max(1, availableParallelism() - 1))),
    HASH_MAX_WAITING: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(8),
    /** production: secrets such as reset links never reach the log. */
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),

    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent'], { error: 'must be debug, info, warn, error or silent' }).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.COUCH_URL && (!env.COUCH_ADMIN_USER || !env.COUCH_ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['COUCH_ADMIN_USER'], message: 'COUCH_ADMIN_USER and COUCH_ADMIN_PASSWORD are required with COUCH_URL' });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
    }
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  /** Absolute path of the built PWA served at / when SERVE_WEB is on. */
  webDist: string;
}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../dist');

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(envSchema.shape);
  const picked: Record<string, string> = {};
  for (const key of known) {
    const v = source[key];
    if (v !== undefined) picked[key] = v;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? 'environment')}: ${i.message}`);
    throw new ConfigError(`Fete cannot start, the configuration is invalid:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : DEFAULT_WEB_DIST;
  return { ...env, dataDir, publicUrl, webDist };
}
