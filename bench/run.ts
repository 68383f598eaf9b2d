// `npm run bench`: prints the figures the issues ask for, with their targets.
import '../scripts/check-node.ts';
import os from 'node:os';
import { SMOKE } from './lib.ts';
import { coldPull } from './cold-pull.ts';
import { changesFeedsRss } from './changes-feeds-rss.ts';
import { submissionFanIn } from './submission-fan-in.ts';
import { chatFanOut } from './chat-fan-out.ts';
import { appShellSize } from './app-shell-size.ts';
import { offlineRender } from './offline-render.ts';
import { guideRender } from './guide-render.ts';
import { directoryRender } from './directory-render.ts';
import { dashboardRender } from './dashboard-render.ts';
import { backbone } from './backbone.ts';
import { formSubmissions } from './form-submissions.ts';
import { chatSendRender } from './chat-send-render.ts';
import { chatOfflineOpen } from './chat-offline-open.ts';
import { adminEvents } from './admin-events.ts';
import { reloadSlowRefresh } from './reload-slow-refresh.ts';
import { largestRead } from './largest-read.ts';
import { crowd } from './crowd.ts';
import { signinCrowd } from './signin-crowd.ts';
import { pushDelivery } from './push-delivery.ts';
import { firstVisit } from './first-visit.ts';

// `npm run bench -- crowd fan-in` runs those two; `--smoke` (see lib.ts) runs them tiny.
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const benches: [string, () => Promise<void>][] = [
  ['cold-pull', coldPull],
  ['changes-rss', changesFeedsRss],
  ['fan-in', submissionFanIn],
  ['chat-fan-out', chatFanOut],
  ['app-shell-size', appShellSize],
  ['offline-render', offlineRender],
  ['fete-guide', guideRender],
  ['fete-nation', directoryRender],
  ['dashboard-render', dashboardRender],
  ['form-submissions', formSubmissions],
  ['chat-send-render', chatSendRender],
  ['chat-offline-open', chatOfflineOpen],
  ['admin-events', adminEvents],
  ['reload-slow-refresh', reloadSlowRefresh],
  ['largest-read', largestRead],
  ['crowd', crowd],
  // Waves of sign-ins against reads and health (ADR 056).
  ['signin-crowd', signinCrowd],
  ['push', pushDelivery],
  // The four figures above again, on both backends side by side (ADR 039).
  ['backbone', backbone],
  // Lighthouse's mobile preset on a fresh `npm start`: a traveller's first visit.
  ['first-visit', firstVisit],
];

// A rejection nobody awaited (a client's socket torn down under load) is the bench's failure,
// said as one FAIL line, not a crash with servers left behind (lib.ts kills them on exit).
process.on('unhandledRejection', (err) => {
  console.log(`FAIL  unhandled rejection: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});

const unknown = only.filter((name) => !benches.some(([n]) => n === name));
if (unknown.length) {
  console.log(`FAIL  no bench named ${unknown.join(', ')}; the benches: ${benches.map(([n]) => n).join(', ')}`);
  process.exit(1);
}

console.log(`Fete benchmarks${SMOKE ? ' (smoke: tiny sizes, figures not judged)' : ''} — node ${process.versions.node}, ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.availableParallelism()} cores`);
for (const [name, run] of benches) {
  if (only.length && !only.includes(name)) continue;
  const t0 = performance.now();
  try {
    await run();
  } catch (err) {
    console.log(`FAIL  ${name}: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 1;
  }
  if (SMOKE) console.log(`      (${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
