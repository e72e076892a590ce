import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, runtimeProblem } from './runtime';

describe('the Node.js the site runs on', () => {
  it('is the one package.json asks for, here in the tests too', () => {
    expect(REQUIRED_NODE_MAJOR).toBe(24);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
  });

  it('an older Node is told, in one sentence, which version the site needs', () => {
    expect(runtimeProblem('20.20.2')).toMatch(/needs Node\.js 24 or newer and this is Node\.js 20\.20\.2/);
    expect(runtimeProblem('23.11.0')).toBeDefined();
    expect(runtimeProblem('24.0.0')).toBeUndefined();
    expect(runtimeProblem('26.1.0')).toBeUndefined();
  });

  // The machines here come with Node 20 at /usr/bin/node: started with it, the server stops
  // before it loads anything else.
  const machineNode = '/usr/bin/node';
  const machineMajor = existsSync(machineNode)
    ? Number(spawnSync(machineNode, ['-p', 'process.versions.node']).stdout.toString().split('.')[0])
    : undefined;
  it.runIf(machineMajor !== undefined && machineMajor < REQUIRED_NODE_MAJOR)(
    "the server refuses to start on the machine's older Node",
    () => {
      const started = spawnSync(machineNode, ['--import', 'tsx', 'server/server.ts'], {
        env: { ...process.env, PORT: '0' },
        timeout: 20_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr.toString()).toMatch(/This site needs Node\.js 24 or newer/);
    },
  );
});
