/**
 * The floor a machine sets under a benchmark's request times: a server that does nothing but send
 * one file from memory, in a process of its own, as our servers are. Asked by the same client at
 * the same pace, on the same machine at the same time, its times are what is left when a server
 * does no work at all: the machine's scheduling (busy neighbours, the other processes) and the
 * client's own. A figure of ours close to its figure is the machine's, not the server's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** The server, in the child: sends the file named by its argument, as brotli, to every request. */
const SERVER = `
const body = require('node:fs').readFileSync(process.argv[1]);
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache' };
const server = require('node:http').createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Starts the floor server sending `brotliFile` (a page as the build compressed it); resolves with its origin. */
export async function startFloorServer(brotliFile: string): Promise<{ origin: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', SERVER, brotliFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', stop);
  // Its first line is the port it listens on; if it exits first, it did not start.
  const lines = createInterface({ input: child.stdout });
  const [port] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [])])) as [string?];
  lines.close();
  if (!port) throw new Error('The floor server did not start.');
  // It does not keep this process alive: it is stopped as this process exits.
  child.unref();
  child.stdout.destroy();
  return { origin: `http://127.0.0.1:${port}`, stop };
}
