// Where the browser for tests lives and how it is started (Debian chromium; browsers cannot be downloaded here).
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROME_PATH
  || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

export const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function launchOptions() {
  if (!chromiumPath) throw new Error('No Chromium found. Install Debian chromium (apt-get install chromium) or set CHROME_PATH.');
  return { executablePath: chromiumPath, headless: true, args: chromiumArgs };
}
