/**
 * `npm run bench:deploy-loop [-- RUNS] [--busy]`: runs the production test (`npm run test:deploy`) RUNS
 * times in a row (default 10), with `--busy` beside two CPU-bound processes (a noisy neighbour),
 * and prints, for each run, whether it passed and its figures (the
 * answers visitors got while an instance was killed and during a rolling restart, and how often a
 * receiver was sent an enquiry twice); then the passes in all. Not part of CI: it shows whether
 * the test is steady. Exits 1 if any run failed.
 */
import { spawnSync } from 'node:child_process';
import { busyNeighbours } from './neighbours';

const args = process.argv.slice(2);
const busy = args.includes('--busy');
const runs = Number(args.find((arg) => !arg.startsWith('--')) ?? 10);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a whole number above 0, not ${runs}`);

// Build (and install nginx and PostgreSQL) once, not in every run.
const prepare = spawnSync(
  'bash',
  ['-c', 'bash scripts/ensure-system.sh proxy postgres && tsx scripts/ensure-build.ts'],
  {
    stdio: 'inherit',
  },
);
if (prepare.status !== 0) process.exit(1);

if (busy) busyNeighbours();
let passes = 0;
for (let run = 1; run <= runs; run++) {
  const result = spawnSync('npx', ['tsx', 'tests/deploy/deploy.ts'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines = `${result.stdout}\n${result.stderr}`.split('\n');
  const passed = result.status === 0;
  if (passed) passes += 1;
  const last = lines.filter((line) => /^(passed|\d+ failed) in /.test(line)).at(-1) ?? '(no closing line)';
  console.log(`run ${run}/${runs}: ${last}`);
  // The figures, and any failed check.
  for (const line of lines) {
    if (/^(SIGKILL under load|rolling restart under load|webhook: \d|meta: \d)/.test(line) || line.startsWith('FAIL'))
      console.log(`  ${line}`);
  }
}
console.log(`${passes} passed, ${runs - passes} failed${busy ? ' (busy)' : ''}`);
process.exit(passes === runs ? 0 : 1);
