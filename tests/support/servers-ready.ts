/**
 * The browser tests' gate around their servers (playwright.config.ts), which start all at once:
 *
 *   servers-ready.ts free URL…     says "none answers yet", or fails naming one that does
 *   servers-ready.ts answer URL…   says "every one answers" once each answers (below 500)
 *
 * "free" is Playwright's own check for a web server it is not to reuse: a server left running
 * from an earlier run would otherwise be tested in place of this build's.
 */
import { waitForServer } from '../../scripts/wait-for-server';

const [mode, ...urls] = process.argv.slice(2);

const answers = async (url: string) => {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
};

if (mode === 'free') {
  const taken = (await Promise.all(urls.map(async (url) => ((await answers(url)) ? [url] : [])))).flat();
  if (taken.length > 0) {
    console.error(`Already answering, from something left running: ${taken.join(', ')}. Stop it and run again.`);
    process.exit(1);
  }
  console.log('none answers yet');
} else if (mode === 'answer') {
  // Far above what starting takes (seconds each), for a busy machine; a server that failed said why on its own.
  await Promise.all(urls.map((url) => waitForServer(url, 170_000)));
  console.log('every one answers');
} else {
  console.error('Usage: servers-ready.ts free|answer URL…');
  process.exit(2);
}
