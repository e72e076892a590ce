/**
 * `npm run bench:suite [-- RUNS] [--busy]`: runs CI (`bash .ci/run`) on RUNS fresh clones of this
 * repository's committed HEAD, one after the other (default 1), and prints for each run whether
 * it passed, its time and each step's time and cores; then the passes in all. `--busy` runs two
 * CPU-bound processes beside it all along: a noisy neighbour on the same machine.
 *
 * A clone is made beside this checkout's parent's `shared/` (CI clones with it beside), in a
 * temporary directory removed afterwards; the log of a failed run is kept and its path printed.
 * Not part of `npm test`: it shows whether the suite passes every time. Exits 1 if a run failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { busyNeighbours } from './neighbours';

const args = process.argv.slice(2);
const busy = args.includes('--busy');
const runs = Number(args.find((arg) => !arg.startsWith('--')) ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number above 0, not ${runs}`);

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const shared = resolve(root, '..', 'shared');
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();

type Run = { passed: boolean; seconds: number; steps: string[]; log?: string };

function runOnce(run: number): Run {
  const place = mkdtempSync(join(tmpdir(), 'suite-'));
  const clone = join(place, 'main');
  spawnSync('git', ['clone', '--quiet', root, clone], { stdio: 'inherit' });
  if (existsSync(shared)) symlinkSync(shared, join(place, 'shared'));
  const started = performance.now();
  // Its own E2E ports, so a server left on the default ones by something else does not collide.
  const result = spawnSync('bash', ['.ci/run'], {
    cwd: clone,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, CI: 'true', E2E_PORT_BASE: String(6100 + run * 10) },
  });
  const seconds = (performance.now() - started) / 1000;
  const output = `${result.stdout}\n${result.stderr}`;
  const steps = output
    .split('\n')
    .filter((line) => /^──── \w+: /.test(line) || /^All \d+ steps passed/.test(line))
    .map((line) => line.replace(/─/g, '').trim());
  const passed = result.status === 0;
  let log: string | undefined;
  if (!passed) {
    log = join(tmpdir(), `suite-${head}-run-${run}.log`);
    writeFileSync(log, output);
  }
  rmSync(place, { recursive: true, force: true });
  return { passed, seconds, steps, log };
}

console.log(`CI on ${runs} fresh clone(s) of ${head}${busy ? ', with two CPU-bound processes beside it' : ''}`);
const stop = busy ? busyNeighbours() : () => {};
let passes = 0;
try {
  for (let run = 1; run <= runs; run++) {
    const result = runOnce(run);
    if (result.passed) passes += 1;
    console.log(`run ${run}/${runs}: ${result.passed ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
    for (const step of result.steps) console.log(`  ${step}`);
    if (result.log) console.log(`  log: ${result.log}`);
  }
} finally {
  stop();
}
console.log(`${passes} passed, ${runs - passes} failed${busy ? ' (busy)' : ''}`);
process.exit(passes === runs ? 0 : 1);
