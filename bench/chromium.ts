/**
 * What a browser test pays for each new page, in processor time: the browser tests open one
 * or more per test (a context and its page each), so this is most of what `npm run test:e2e`
 * costs beyond the pages themselves. Prints, for Chromium started with Playwright's own
 * switches and with ours (scripts/chromium.ts), the processor seconds of Chromium's processes
 * (every one of them) for a new context and an empty page, and for a new context opening a
 * course page until its network is idle (its code loaded and run); medians of the rounds.
 *
 *   npm run bench:chromium                 # builds first if the sources changed
 *   npm run bench:chromium -- --rounds 20
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../scripts/chromium';
import { paths } from '../shared/paths';
import { startSiteServer } from './site-server';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '12' } } });
const ROUNDS = Number(values.rounds);
const TICKS = 100; // USER_HZ: /proc's times are in hundredths of a second on Linux.

/** A process's processor time with its waited-for children's, in seconds (/proc/PID/stat). */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of the line, 12–15 after the name.
    return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / TICKS;
  } catch {
    return 0; // it ended between the listing and the reading
  }
}

/** The processor seconds of a process and all its descendants alive now (with the ones they reaped). */
function treeSeconds(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree).reduce((sum, pid) => sum + processSeconds(pid), 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(name: string, args: string[], coursePage: string) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args });
  const pid = server.process().pid as number;
  const browser = await chromium.connect(server.wsEndpoint());
  const each = async (visit: () => Promise<void>) => {
    await visit(); // the first one warms what every later one shares
    const seconds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = treeSeconds(pid);
      await visit();
      seconds.push(treeSeconds(pid) - before);
    }
    return median(seconds).toFixed(2);
  };
  const empty = await each(async () => {
    const context = await browser.newContext();
    await context.newPage();
    await context.close();
  });
  const course = await each(async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(coursePage);
    await page.waitForLoadState('networkidle');
    await context.close();
  });
  console.log(`| ${name} | ${empty} | ${course} |`);
  await browser.close();
  await server.close();
}

async function main() {
  execSync('node --import tsx scripts/ensure-build.ts', { stdio: 'inherit' });
  const server = await startSiteServer({
    env: { DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), 'bench-chromium-')), 'site.db')}` },
  });
  try {
    const coursePage = `${server.origin}${paths.course('jee')}`;
    console.log(`Chromium's processor seconds per new context, medians of ${ROUNDS}:\n`);
    console.log('| switches | empty page | course page, network idle |');
    console.log('| --- | ---: | ---: |');
    await measure("Playwright's own", CHROMIUM_ARGS, coursePage);
    await measure('the browser tests’ (scripts/chromium.ts)', PLAYWRIGHT_CHROMIUM_ARGS, coursePage);
  } finally {
    await server.stop();
  }
}

await main();
