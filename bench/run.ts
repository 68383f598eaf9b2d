// `npm run bench`: prints the figures the issues ask for, with their targets.
import '../scripts/check-node.ts';
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

const only = process.argv.slice(2);
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
  // The four figures above again, on both backends side by side (issue 9).
  ['backbone', backbone],
];

console.log(`Fete benchmarks — node ${process.versions.node}, ${new Date().toISOString()}`);
for (const [name, run] of benches) {
  if (only.length && !only.includes(name)) continue;
  try {
    await run();
  } catch (err) {
    console.log(`FAIL  ${name}: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 1;
  }
}
