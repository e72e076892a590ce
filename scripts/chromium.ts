/**
 * How the browser tests and the benchmarks start Debian's Chromium (installed by
 * scripts/ensure-system.sh; Playwright's own browsers are not used).
 * The network flags stop Chromium calling home, which this machine's closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** For any driver: Playwright, and Lighthouse's chrome-launcher (which sets features of its own). */
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

/**
 * The features Playwright (1.65) turns off (its chromiumSwitches). Chromium reads only the last
 * `--disable-features`, so ours below repeats them; scripts/chromium.test.ts fails when
 * Playwright's list gains one that this does not have.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Every new page Playwright opens is a window of its own, and in Chromium 156 each window's
 * address bar loads its suggestions popup at once, as a page of its own
 * (chrome://omnibox-popup.top-chrome, in a renderer of its own): more processor than the
 * course page a test then opens in the window (`npm run bench:chromium`). No test types in an
 * address bar.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Chromium as the browser tests and the Playwright benchmarks start it. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
];
