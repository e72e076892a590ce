/**
 * How the browser tests and the Lighthouse benchmark start Debian's Chromium
 * (installed by scripts/ensure-system.sh; Playwright's own browsers are not used).
 * The network flags stop Chromium calling home, which this machine's closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
