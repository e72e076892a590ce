/**
 * `npm test`: every check, each step as soon as the steps it needs have passed and the machine
 * has the cores for it.
 *
 * First, once, whatever the steps need from Debian (scripts/ensure-system.sh: one apt-get call,
 * none when all is there), so no step installs anything while another runs.
 *
 * Each step says how many cores it keeps busy on its own (`cores`: its CPU time over its wall
 * time, run alone on a quiet two-core machine; every run prints both, so the figures can be
 * kept true). A step starts only when the cores of the steps running and its own fit in
 * `os.availableParallelism()` (or when nothing else runs): on two cores the steps that would
 * starve each other run one after the other, and a machine with more cores runs more at once.
 *
 * Each step's output is held and printed whole when it ends, so steps running together do not
 * interleave; a line says when each starts, how long it took and the CPU time it used. After the
 * first failure no step starts; those running finish, and the run fails (exit 1).
 *
 *   tsx tests/support/steps.ts            every step
 *   tsx tests/support/steps.ts lint unit  only those (and nothing they need is run for them)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

type Step = {
  /** The npm script. */
  script: string;
  /** Steps that must have passed first. */
  after?: string[];
  /** How many cores it keeps busy, on average, run alone (CPU seconds over wall seconds). */
  cores: number;
};

/**
 * Measured with this runner's own figures (CPU / wall, 2-core machine, a clean clone's CI run,
 * 2026-11-28, after the best compression waited for a visitor: build 16.5 / 11.8 s; typecheck
 * 24.5 / 25.9 s and lint 36.6 / 38.9 s side by side; bench:bundle 1.0 / 1.5 s; deploy 61.4 / 62.0 s
 * and unit 144.0 / 146.4 s side by side; built 68.7 / 37.4 s; e2e, whose browsers and servers escape
 * its own figure, about 1.83 cores of the machine for 353 s): keep these near what each run prints.
 */
const STEPS: Record<string, Step> = {
  build: { script: 'build', cores: 1.4 },
  lint: { script: 'lint', cores: 0.9 },
  // After the build: `react-router typegen` and `react-router build` both rewrite .react-router/types.
  typecheck: { script: 'typecheck', after: ['build'], cores: 0.9 },
  bundle: { script: 'bench:bundle', after: ['build'], cores: 0.4 },
  unit: { script: 'test:unit', after: ['build'], cores: 1.0 },
  built: { script: 'test:built', after: ['build'], cores: 1.8 },
  deploy: { script: 'test:deploy', after: ['build'], cores: 1.0 },
  e2e: { script: 'test:e2e', after: ['build', 'typecheck', 'lint', 'unit', 'built', 'deploy'], cores: 2 },
};

const chosen = process.argv.slice(2);
for (const name of chosen) if (!STEPS[name]) throw new Error(`No step ${name} (${Object.keys(STEPS).join(', ')})`);
const names = chosen.length > 0 ? chosen : Object.keys(STEPS);
const capacity = availableParallelism();

const system = spawnSync('bash', ['scripts/ensure-system.sh'], { stdio: 'inherit' });
if (system.status !== 0) {
  console.log('npm test: the Debian packages the tests need are missing (see above).');
  process.exit(1);
}

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const passed = new Set<string>();
const running = new Map<string, ChildProcess>();
/** The first step that failed. */
let failed: string | undefined;

const busyCores = () => [...running.keys()].reduce((sum, name) => sum + (STEPS[name]?.cores ?? 0), 0);

function ready(name: string): boolean {
  const step = STEPS[name] as Step;
  if (!(step.after ?? []).every((need) => passed.has(need) || !names.includes(need))) return false;
  return running.size === 0 || busyCores() + step.cores <= capacity + 0.01;
}

/**
 * The whole machine's busy CPU seconds so far (/proc/stat; undefined off Linux). A step's own figure
 * (`times`) misses processes its children left to others to reap: Chromium's renderers, which the
 * browser tests' CPU is mostly, are not in it. What the machine did while a step ran is.
 */
function machineBusySeconds(): number | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    // user nice system idle iowait irq softirq steal: all but idle and iowait, in 1/100 s.
    const busy = ticks
      .slice(0, 8)
      .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + Number(value)), 0);
    return busy / 100;
  } catch {
    return undefined;
  }
}
const machineAtStart = machineBusySeconds();

/** `times` in bash, after the step: its children's user and system CPU time ("0m12.345s 0m1.234s"). */
function cpuSeconds(timesOutput: string): number | undefined {
  const children = timesOutput.trim().split('\n').at(-1) ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return undefined;
  return parts.reduce((sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs), 0);
}

function run(name: string) {
  const step = STEPS[name] as Step;
  const since = performance.now();
  const machineSince = machineBusySeconds();
  console.log(
    `▶ ${name} (npm run ${step.script}) at ${seconds(started)}, beside ${[...running.keys()].join(', ') || 'nothing'}`,
  );
  // Through bash, whose `times` then gives the CPU time of everything the step ran.
  const child = spawn(
    'bash',
    ['-c', 'npm run --silent "$1"; status=$?; times >&3; exit $status', 'step', step.script],
    {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so Ctrl-C on the run can be passed to all it started.
      detached: true,
    },
  );
  running.set(name, child);
  const output: Buffer[] = [];
  let times = '';
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stdio[3]?.on('data', (chunk: Buffer) => (times += chunk.toString()));
  child.on('close', (code, signal) => {
    running.delete(name);
    const ok = code === 0;
    const wall = (performance.now() - since) / 1000;
    const cpu = cpuSeconds(times);
    const usage = cpu === undefined ? '' : `, CPU ${cpu.toFixed(1)} s (${(cpu / wall).toFixed(2)} cores)`;
    const machineNow = machineBusySeconds();
    const machine =
      machineNow === undefined || machineSince === undefined
        ? ''
        : `, machine ${((machineNow - machineSince) / wall).toFixed(2)} cores busy meanwhile`;
    console.log(
      `\n──── ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${wall.toFixed(1)} s${usage}${machine} ────`,
    );
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
    const machineNow = machineBusySeconds();
    const busy =
      machineNow === undefined || machineAtStart === undefined
        ? ''
        : `, the machine busy ${(machineNow - machineAtStart).toFixed(0)} CPU-s (${((machineNow - machineAtStart) / ((performance.now() - started) / 1000)).toFixed(2)} cores)`;
    console.log(
      `\nAll ${names.length} steps passed in ${seconds(started)} on ${capacity} cores${busy}: ${names.join(', ')}.`,
    );
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running.values()) if (child.pid) process.kill(-child.pid, 'SIGINT');
    process.exit(1);
  });
}

console.log(`npm test on ${capacity} cores: ${names.join(', ')}`);
next();
