// `npm start` lands here (after the web build): read the environment, start, stop cleanly.
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { installCrashGuard } from './crash-guard.ts';
import { ProvisionError } from '../../couch/src/provision.ts';
import { DataDirInUseError } from '../../couch/src/data-dir-lock.ts';
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

installCrashGuard(createLogger(config.LOG_LEVEL, { redactEmails: config.NODE_ENV === 'production' }));
let server;
try {
  server = await startServer(config);
} catch (err) {
  // A backend that is not set up right stops the start with one line saying what to do.
  if (err instanceof ProvisionError || err instanceof DataDirInUseError) {
    console.error(`Fete cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
