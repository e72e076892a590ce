/**
 * `npm test`: every check, each step as soon as the steps it needs have passed, the quick ones
 * beside the heavy ones (which alone leave a core idle part of the time).
 *
 * Each step's output is held and printed whole when it ends, so steps running together do not
 * interleave; a line says when each starts and how long it took. After the first failure no
 * step starts; those running finish, and the run fails (exit 1).
 *
 *   tsx tests/support/steps.ts            every step
 *   tsx tests/support/steps.ts lint unit  only those (and nothing they need is run for them)
 */
import { spawn, type ChildProcess } from 'node:child_process';

type Step = {
  /** The npm script. */
  script: string;
  /** Steps that must have passed first. */
  after?: string[];
  /** Keeps both cores busy on its own: never runs beside another heavy step… */
  heavy?: boolean;
  /** …except these, which leave enough of the machine idle to share it. */
  beside?: string[];
};

/**
 * The quick checks (types, lint, the built-file tests, byte budgets) run beside whatever is
 * running; the heavy steps one at a time, except the unit tests and the deploy test, which
 * share the machine: each leaves about a third of it idle (waiting on timers, restarts and
 * nginx), and side by side they take 70 s where one after the other they took 118 s. Seen on
 * this two-core machine: the unit tests beside the browser tests starved each other until
 * tests that start processes timed out, so the browser tests run alone.
 */
const STEPS: Record<string, Step> = {
  lint: { script: 'lint' },
  build: { script: 'build', heavy: true },
  // After the build: `react-router typegen` and `react-router build` both rewrite .react-router/types.
  typecheck: { script: 'typecheck', after: ['build'] },
  unit: { script: 'test:unit', heavy: true, after: ['build'], beside: ['deploy'] },
  bundle: { script: 'bench:bundle', after: ['build'] },
  built: { script: 'test:built', after: ['build'] },
  deploy: { script: 'test:deploy', heavy: true, after: ['build'], beside: ['unit'] },
  e2e: { script: 'test:e2e', heavy: true, after: ['build', 'typecheck', 'lint', 'unit', 'built', 'deploy'] },
};

const chosen = process.argv.slice(2);
for (const name of chosen) if (!STEPS[name]) throw new Error(`No step ${name} (${Object.keys(STEPS).join(', ')})`);
const names = chosen.length > 0 ? chosen : Object.keys(STEPS);

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const passed = new Set<string>();
const running = new Map<string, ChildProcess>();
/** The first step that failed. */
let failed: string | undefined;

function ready(name: string): boolean {
  const step = STEPS[name] as Step;
  if (!(step.after ?? []).every((need) => passed.has(need) || !names.includes(need))) return false;
  return !step.heavy || [...running.keys()].every((other) => !STEPS[other]?.heavy || step.beside?.includes(other));
}

function run(name: string) {
  const step = STEPS[name] as Step;
  const since = performance.now();
  console.log(`▶ ${name} (npm run ${step.script}) at ${seconds(started)}`);
  const child = spawn('npm', ['run', '--silent', step.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so Ctrl-C on the run can be passed to all it started.
    detached: true,
  });
  running.set(name, child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  child.on('close', (code, signal) => {
    running.delete(name);
    const ok = code === 0;
    console.log(`\n──── ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(since)} ────`);
    process.stdout.write(Buffer.concat(output));
    if (ok) passed.add(name);
    else if (!failed) {
      // Nothing new starts; what is running finishes (stopping it halfway left its servers or
      // its PostgreSQL cluster behind), then the run fails.
      failed = name;
      if (running.size > 0) console.log(`\n${name} failed: waiting for ${[...running.keys()].join(', ')} to finish.`);
    }
    next();
  });
}

function next() {
  if (!failed) {
    for (const name of names) {
      if (passed.has(name) || running.has(name)) continue;
      if (ready(name)) run(name);
    }
  }
  if (running.size > 0) return;
  if (failed) {
    console.log(`\nnpm test failed at ${failed} after ${seconds(started)}.`);
    process.exitCode = 1;
  } else {
    console.log(`\nAll ${names.length} steps passed in ${seconds(started)}: ${names.join(', ')}.`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running.values()) if (child.pid) process.kill(-child.pid, 'SIGINT');
    process.exit(1);
  });
}

next();
