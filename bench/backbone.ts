// `npm run bench -- backbone` (issues 9 and 23): the four backbone figures side by side in one
// run: the embedded backend, Apache CouchDB 3.5.0 on one node, and a 3-node cluster, both from
// ../shared/couchdb (started for the run with couch/local.ini, and stopped after). The cluster
// runs on this one machine, so it measures the protocol's cost (quorum writes, three copies),
// not three machines' capacity. The ratios are each CouchDB figure over the embedded one: above
// 1 is more (docs/s: better; ms and MB: worse).
import { findCouchLauncher, startCouchEngine } from '../scripts/couchdb-engine.ts';
import type { CouchEngine } from '../scripts/couchdb-engine.ts';
import { DOCS, measureColdPull } from './cold-pull.ts';
import { FEEDS, measureFeedsRss } from './changes-feeds-rss.ts';
import { measureFanIn } from './submission-fan-in.ts';
import { measureChatFanOut } from './chat-fan-out.ts';

type Row = string[];

const ratio = (couch: number, embedded: number) => `${(couch / embedded).toFixed(2)}x`;
const p = (n: number) => n.toFixed(0);

interface Figures {
  pull: number;
  rss: { fete: number; couch?: number };
  fanIn: { p50: number; p99: number; n: number };
  fanOut: { p50: number; p99: number };
}

async function measure(engine?: CouchEngine): Promise<Figures> {
  return {
    pull: await measureColdPull(engine),
    rss: await measureFeedsRss(engine),
    fanIn: await measureFanIn(engine),
    fanOut: await measureChatFanOut(engine),
  };
}

async function onEngine(launcher: string, nodes: number): Promise<Figures> {
  const engine = await startCouchEngine(launcher, { nodes });
  try {
    return await measure(engine);
  } finally {
    await engine.stop();
  }
}

export async function backbone(): Promise<void> {
  const launcher = findCouchLauncher();
  if (!launcher) {
    console.log('SKIP  backbone: no Apache CouchDB launcher at ../shared/couchdb/couchdb (or COUCHDB_LAUNCHER)');
    return;
  }
  const e = await measure();
  const one = await onEngine(launcher, 1);
  const three = await onEngine(launcher, 3);
  const total = (f: Figures) => f.rss.fete + (f.rss.couch ?? 0);
  const rss = (f: Figures) => `${p(total(f))} MB (Fete ${p(f.rss.fete)} + CouchDB ${p(f.rss.couch ?? 0)})`;
  const both = (f: Figures['fanIn'] | Figures['fanOut']) => `${p(f.p50)} / ${p(f.p99)} ms`;
  const ratios = (get: (f: Figures) => number, get2?: (f: Figures) => number) =>
    [one, three].map((f) => (get2 ? `${ratio(get(f), get(e))} / ${ratio(get2(f), get2(e))}` : ratio(get(f), get(e)))).join(', ');
  const rows: Row[] = [
    ['backbone figure', 'embedded', 'CouchDB 3.5.0, 1 node', 'CouchDB 3.5.0, 3 nodes', 'over embedded (1 node, 3 nodes)'],
    [`cold pull, ${DOCS.toLocaleString('en')} catalog docs`, `${p(e.pull)} docs/s`, `${p(one.pull)} docs/s`, `${p(three.pull)} docs/s`, ratios((f) => f.pull)],
    [`RSS holding ${FEEDS} live feeds`, `${p(e.rss.fete)} MB`, rss(one), rss(three), ratios(total)],
    [`submission fan-in p50 / p99 (n=${e.fanIn.n})`, both(e.fanIn), both(one.fanIn), both(three.fanIn), ratios((f) => f.fanIn.p50, (f) => f.fanIn.p99)],
    [`chat fan-out to ${FEEDS} feeds p50 / p99`, both(e.fanOut), both(one.fanOut), both(three.fanOut), ratios((f) => f.fanOut.p50, (f) => f.fanOut.p99)],
  ];
  const widths = (rows[0] as Row).map((_, k) => Math.max(...rows.map((r) => (r[k] as string).length)));
  const line = (r: Row) => `      ${r.map((cell, k) => (k === 0 ? cell.padEnd(widths[k] as number) : cell.padStart(widths[k] as number))).join('  ')}`;
  console.log('INFO  backbone on the embedded backend, one CouchDB node and a 3-node cluster (same machine, same run):');
  for (const r of rows) console.log(line(r));
}
