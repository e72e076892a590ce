/**
 * A noisy neighbour: processes that keep a core each busy until stopped, for the benchmarks'
 * `--busy` runs (the suite, the deployment test, publishing) on a machine shared with other work.
 */
import { spawn } from 'node:child_process';

/** Starts `count` CPU-bound processes; returns how to stop them (also done when this process exits). */
export function busyNeighbours(count = 2): () => void {
  const hogs = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }),
  );
  // They do not keep this process alive: it stops them as it exits.
  for (const hog of hogs) hog.unref();
  const stop = () => {
    for (const hog of hogs) {
      if (hog.pid && hog.exitCode === null) {
        try {
          process.kill(-hog.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  };
  process.on('exit', stop);
  return stop;
}
