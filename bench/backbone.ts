// `npm run bench -- backbone` (issue 9): the four backbone figures on both backends, side by
// side, in one run: the embedded backend, then Apache CouchDB 3.5.0 from ../shared/couchdb
// (started for the run with couch/local.ini, and stopped after). The ratio is CouchDB's figure
// over the embedded one: above 1 is more (docs/s: better; ms and MB: worse).
import { findCouchLauncher, startCouchEngine } from '../scripts/couchdb-engine.ts';
import { measureColdPull } from './cold-pull.ts';
import { FEEDS, measureFeedsRss } from './changes-feeds-rss.ts';
import { measureFanIn } from './submission-fan-in.ts';
import { measureChatFanOut } from './chat-fan-out.ts';

interface Row {
  figure: string;
  embedded: string;
  couch: string;
  ratio: string;
}

const ratio = (couch: number, embedded: number) => `${(couch / embedded).toFixed(2)}x`;
const pair = (a: number, b: number) => `${ratio(a, b)}`;

export async function backbone(): Promise<void> {
  const launcher = findCouchLauncher();
  if (!launcher) {
    console.log('SKIP  backbone: no Apache CouchDB launcher at ../shared/couchdb/couchdb (or COUCHDB_LAUNCHER)');
    return;
  }
  const rows: Row[] = [];
  const engine = await startCouchEngine(launcher);
  try {
    const pullE = await measureColdPull();
    const pullC = await measureColdPull(engine);
    rows.push({ figure: 'cold pull, 5,000 catalog docs', embedded: `${Math.round(pullE)} docs/s`, couch: `${Math.round(pullC)} docs/s`, ratio: ratio(pullC, pullE) });

    const rssE = await measureFeedsRss();
    const rssC = await measureFeedsRss(engine);
    const couchTotal = rssC.fete + (rssC.couch ?? 0);
    rows.push({
      figure: `RSS holding ${FEEDS} live feeds`,
      embedded: `${rssE.fete.toFixed(0)} MB`,
      couch: `${couchTotal.toFixed(0)} MB (Fete ${rssC.fete.toFixed(0)} + CouchDB ${(rssC.couch ?? 0).toFixed(0)})`,
      ratio: ratio(couchTotal, rssE.fete),
    });

    const inE = await measureFanIn();
    const inC = await measureFanIn(engine);
    rows.push({
      figure: `submission fan-in p50 / p99 (n=${inE.n})`,
      embedded: `${inE.p50.toFixed(0)} / ${inE.p99.toFixed(0)} ms`,
      couch: `${inC.p50.toFixed(0)} / ${inC.p99.toFixed(0)} ms`,
      ratio: `${pair(inC.p50, inE.p50)} / ${pair(inC.p99, inE.p99)}`,
    });

    const outE = await measureChatFanOut();
    const outC = await measureChatFanOut(engine);
    rows.push({
      figure: `chat fan-out to ${FEEDS} feeds p50 / p99`,
      embedded: `${outE.p50.toFixed(0)} / ${outE.p99.toFixed(0)} ms`,
      couch: `${outC.p50.toFixed(0)} / ${outC.p99.toFixed(0)} ms`,
      ratio: `${pair(outC.p50, outE.p50)} / ${pair(outC.p99, outE.p99)}`,
    });
  } finally {
    await engine.stop();
  }

  const head: Row = { figure: 'backbone figure', embedded: 'embedded', couch: 'Apache CouchDB 3.5.0', ratio: 'CouchDB / embedded' };
  const width = (k: keyof Row) => Math.max(...[head, ...rows].map((r) => r[k].length));
  const line = (r: Row) => `      ${r.figure.padEnd(width('figure'))}  ${r.embedded.padStart(width('embedded'))}  ${r.couch.padStart(width('couch'))}  ${r.ratio.padStart(width('ratio'))}`;
  console.log('INFO  backbone on both backends (same machine, same run):');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}
