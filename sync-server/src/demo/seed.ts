// Loads the demo on a first start: accounts, catalogue, member data and locally drawn images.
// It runs only into an empty catalogue (or to finish its own interrupted run) and is safe to
// repeat: ids are deterministic, existing documents and images are left alone.
import path from 'node:path';
import type { ServerContext } from '../context.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { createFixtures } from '../../../tests/fixtures/index.ts';
import { today } from '../../../tests/fixtures/dates.ts';
import { ensureDemoAccount } from './accounts.ts';
import type { DemoAccountSpec } from './accounts.ts';
import { assignOwner, buildCatalog } from './catalog-data.ts';
import type { DemoCatalog } from './catalog-data.ts';
import { buildMemberData } from './member-data.ts';
import { imageJobsFor } from './image-jobs.ts';
import { renderImages } from './render.ts';
import { hasEvents, readMarker, writeMarker } from './marker.ts';
import { holderOf, takeLease } from '../backend/lease.ts';
import { writeDocs } from './write.ts';
import { DEMO_ADMIN, DEMO_COMMUNITY, DEMO_MEMBER, DEMO_OWNER } from './users.ts';
import type { DemoUsers } from './users.ts';

export const DEMO_SEED = 'fete-demo';
const ACCOUNTS: readonly DemoAccountSpec[] = [DEMO_MEMBER, DEMO_OWNER, DEMO_ADMIN, ...DEMO_COMMUNITY];

export async function seedDemoIfEmpty(ctx: ServerContext): Promise<void> {
  const marker = await readMarker(ctx.backend);
  if (marker?.state === 'done') return;
  if (!marker && (await hasEvents(ctx.backend))) {
    ctx.log('info', 'catalog already has events; demo data not loaded');
    return;
  }
  // Servers starting together on one CouchDB load it once: the others go on without it.
  const lease = await takeLease(ctx.adminCall, 'demo-seed', holderOf(ctx.config.PORT, ctx.config.dataDir), SEED_LEASE_MS);
  if (!lease) {
    ctx.log('info', 'another Fete server is loading the demo data');
    return;
  }
  try {
    const again = await readMarker(ctx.backend);
    if (again?.state !== 'done') await load(ctx, again);
  } finally {
    await lease.release().catch((err: unknown) => ctx.log('warn', 'could not release the demo-seed lease', err));
  }
}

/** Long enough for a slow first load; a server that dies holding it delays another's load by this. */
const SEED_LEASE_MS = 5 * 60_000;

async function load(ctx: ServerContext, marker: Awaited<ReturnType<typeof readMarker>>): Promise<void> {
  const t0 = performance.now();
  const base_date = marker?.base_date ?? today();
  const started_at = marker?.started_at ?? new Date().toISOString();
  await writeMarker(ctx.backend, { state: 'started', base_date, started_at });
  let timing: Awaited<ReturnType<typeof loadDemo>>;
  try {
    timing = await loadDemo(ctx, base_date);
  } catch (err) {
    // Sample data must not keep the service down; the marker stays "started", so the next start tries again.
    ctx.log('error', 'demo data could not be loaded; it will be retried on the next start', err);
    return;
  }
  await writeMarker(ctx.backend, { state: 'done', base_date, started_at, finished_at: new Date().toISOString() });
  ctx.log('info', 'demo data loaded', { ms: Math.round(performance.now() - t0), ...timing });
  // Named by role, not address: no address reaches a production log line, even a demo one.
  ctx.log('warn', 'demo accounts with published passwords exist (a member, an owner and an admin, at fete.demo); set SEED_DEMO=false for a real deployment');
}

async function ensureUsers(ctx: ServerContext): Promise<DemoUsers> {
  const ids: string[] = [];
  // Two at a time: each one hashes a password (argon2, ~19 MiB) and provisions a userdb.
  for (let i = 0; i < ACCOUNTS.length; i += 2) {
    ids.push(...(await Promise.all(ACCOUNTS.slice(i, i + 2).map((a) => ensureDemoAccount(ctx, a)))));
  }
  const [member, owner, admin, ...community] = ids as [string, string, string, ...string[]];
  return { member, owner, admin, community };
}

async function loadDemo(ctx: ServerContext, baseDate: string) {
  const t0 = performance.now();
  const since = () => Math.round(performance.now() - t0);
  const f = createFixtures({ seed: DEMO_SEED, baseDate });
  const catalog = buildCatalog(f);
  const drawing = renderImages(path.join(ctx.config.dataDir, 'uploads'), imageJobsFor(catalog, ACCOUNTS)).then((r) => ({ ...r, imagesMs: since() }));
  // Keep a failed render from becoming an unhandled rejection while the writes run.
  drawing.catch(() => {});

  const users = await ensureUsers(ctx);
  const accountsMs = since();
  assignOwner(catalog, users.owner);
  const m = buildMemberData(f, catalog, users);
  const write = (db: string, docs: readonly object[]) => writeDocs(ctx.backend, db, docs);

  await write('members', [...m.packages, ...m.rides, ...m.forms, ...m.eventDiscounts, ...m.attendance, ...m.ratings]);
  await write('chat', m.chat);
  await write('receipts', m.receipts);
  await write('submissions', m.submissions);
  const inbox = (user: string) => m.privateMessages.filter((x) => x.sender_id === user || x.receiver_id === user);
  await write(userDbName(users.member), [...m.likes, ...m.submissions, m.notification, ...inbox(users.member)]);
  await write(userDbName(users.admin), inbox(users.admin));
  await write(userDbName(users.community[0] as string), inbox(users.community[0] as string));
  await write('catalog', catalogDocs(catalog));
  // Events last: their presence is what tells a later start that the catalogue is in use.
  await write('catalog', catalog.events);
  const docsMs = since();
  const images = await drawing;
  return { accountsMs, docsMs, imagesMs: images.imagesMs, imagesWritten: images.written, imagesKept: images.skipped };
}

function catalogDocs(c: DemoCatalog): object[] {
  return [...c.bands, ...c.restaurants, ...c.providers, ...c.products, ...c.heroSlides, ...c.ads, ...c.partners, ...c.featured];
}
