import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_ARGS } from './chromium';

/** The switches Playwright starts a browser with, ours last, read by a stand-in that writes them down and quits. */
async function launchSwitches(args: string[]): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'chromium-switches-'));
  const written = join(folder, 'switches');
  const standIn = join(folder, 'chromium');
  writeFileSync(standIn, `#!/bin/sh\nprintf '%s\\n' "$@" > '${written}'\nexit 1\n`);
  chmodSync(standIn, 0o755);
  await expect(chromium.launch({ executablePath: standIn, args, timeout: 30_000 })).rejects.toThrow();
  return readFileSync(written, 'utf8').trim().split('\n');
}

const disabled = (switches: string[]) =>
  switches.filter((each) => each.startsWith('--disable-features=')).map((each) => each.split('=')[1]?.split(',') ?? []);

describe('the switches the browser tests start Chromium with', () => {
  it('keep every feature Playwright turns off: Chromium reads only the last --disable-features', async () => {
    const switches = await launchSwitches(PLAYWRIGHT_CHROMIUM_ARGS);
    const lists = disabled(switches);
    expect(lists.length, 'Playwright’s --disable-features and ours').toBeGreaterThanOrEqual(2);
    const last = lists.at(-1) ?? [];
    for (const earlier of lists.slice(0, -1)) expect(last).toEqual(expect.arrayContaining(earlier));
    // And the address bar's popup that each new window would load, which no test opens.
    expect(last).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
