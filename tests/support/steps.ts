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
  /** Keeps both cores busy on its own: never runs beside another heavy step. */
  heavy?: boolean;
};

/**
 * The quick checks (types, lint; later the built-file tests and byte budgets) run beside
 * whatever is running; the heavy steps (build, unit tests, browser tests, deploy test) one at a
 * time. Seen on this two-core machine: the unit tests beside the browser tests starved each
 * other until tests that start processes timed out.
 */
const STEPS: Record<string, Step> = {
  typecheck: { script: 'typecheck' },
  lint: { script: 'lint' },
  build: { script: 'build', heavy: true },
  unit: { script: 'test:unit', heavy: true, after: ['typecheck', 'lint'] },
  bundle: { script: 'bench:bundle', after: ['build'] },
  built: { script: 'test:built', after: ['build'] },
  e2e: { script: 'test:e2e', heavy: true, after: ['build', 'unit', 'built'] },
  deploy: { script: 'test:deploy', heavy: true, after: ['build', 'e2e'] },
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
  return !step.heavy || ![...running.keys()].some((other) => STEPS[other]?.heavy);
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
