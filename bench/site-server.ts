/**
 * The production build on our own server, started for a benchmark: `node server/server.ts`
 * itself (not npx, so that stopping it stops the server) on the given or a free port, with
 * the given settings over the environment's. Resolves once the server answers. With its
 * standard output piped, `logged(msg)` gives its log lines with that message.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { freePort } from '../scripts/free-port';
import { waitForServer } from '../scripts/wait-for-server';

export async function startSiteServer({
  port,
  host = 'localhost',
  env = {},
  stdio = 'inherit',
}: {
  port?: number;
  host?: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}) {
  const listenOn = port ?? (await freePort());
  const origin = `http://${host}:${listenOn}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, PORT: String(listenOn), HOST: host, LOG_LEVEL: 'warn', ...env },
    stdio,
  });
  // With its standard output piped, the server's log lines (JSON), for `logged`.
  let output = '';
  server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  /** The server's log lines with this message so far (stdout piped only). */
  const logged = (msg: string): Record<string, unknown>[] =>
    output
      .split('\n')
      .filter((line) => line.includes(`"msg":${JSON.stringify(msg)}`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /** Stops the server; resolves once it has exited (its port is free again). */
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  try {
    await waitForServer(`${origin}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop, pid: server.pid as number, logged };
}
