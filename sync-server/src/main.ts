// `npm start` lands here (after the web build): read the environment, start, stop cleanly.
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { installCrashGuard } from './crash-guard.ts';
import { createLogger } from './log.ts';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Fete needs Node 24; this is ${process.versions.node}. Run it through npm (npm start), which uses the project's Node.`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

installCrashGuard(createLogger(config.LOG_LEVEL));
const server = await startServer(config);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
