// `npm test` runs the browser tests in Debian's Chromium (no tool here can download a browser
// of its own). On a fresh machine it is missing: as root with apt, install it now; otherwise
// stop before any test runs, with the one line that says what to install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = existsSync('/usr/bin/apt-get');
  if (root && apt && !process.env.CHROMIUM_PATH) {
    console.log('Installing Debian\'s Chromium for the browser tests (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }) : update;
    if (install.status !== 0 || !existsSync(chromium)) {
      console.error('The browser tests need Chromium: run `apt-get install chromium` as root, then `npm test` again.');
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${chromium}: run \`sudo apt-get install chromium\` (Debian) or set CHROMIUM_PATH, then \`npm test\` again.`,
    );
    process.exit(1);
  }
}
