import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { clientScope, createSignInThrottle, pairScope } from '../db/sign-in-throttle';
import { createStaffRepository } from '../db/staff-repository';
import { verifyPassword } from '../staff/passwords';

/**
 * `npm run staff`, run as an admin runs it: a separate process reading DATABASE_URL,
 * the password piped to standard input.
 */
describe('npm run staff', { timeout: 60_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (args: string[], stdin?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'server/cli/staff.ts', ...args],
        { env },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(stdin ?? '');
    });
  const stored = async (email: string) => {
    const database = await openDatabase(env.DATABASE_URL ?? '');
    try {
      return await createStaffRepository(database).findByEmail(email);
    } finally {
      await database.close();
    }
  };

  /** An account a test works on, added as an admin adds one: each test adds its own, leaning on no other test. */
  const addAccount = async (email: string, name: string, role: string) => {
    const added = await cli(
      ['add', '--email', email, '--name', name, '--role', role, '--password-stdin'],
      'a long enough password\n',
    );
    expect(added.code, added.stderr).toBe(0);
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-staff-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `file:${join(dir, 'desk.db')}`,
      NODE_ENV: 'test',
      STAFF_PASSWORD_COST: 'test',
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the first admin with the password from standard input, hashed', async () => {
    const added = await cli(
      ['add', '--email', 'Owner@Example.com', '--name', 'Meera Owner', '--role', 'admin', '--password-stdin'],
      'a long enough password\n',
    );
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('Added admin Meera Owner <owner@example.com>');
    const row = await stored('owner@example.com');
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('a long enough password');
    expect(await verifyPassword('a long enough password', row?.password_hash ?? '')).toBe(true);
    const listed = await cli(['list']);
    expect(listed.stdout).toMatch(/owner@example\.com\s+admin\s+active\s+Meera Owner/);
  });

  it('refuses a short password, a bad role, a duplicate email, and a password given without --password-stdin', async () => {
    const short = await cli(
      ['add', '--email', 'c@example.com', '--name', 'C', '--role', 'counsellor', '--password-stdin'],
      'short\n',
    );
    // A refusal says why, without the usage after it (the command was typed right).
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 10 characters');
    expect(short.stderr).not.toContain('Usage:');
    const role = await cli(
      ['add', '--email', 'c@example.com', '--name', 'C', '--role', 'boss', '--password-stdin'],
      'a long enough password\n',
    );
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('--role');
    const noStdin = await cli(['add', '--email', 'c@example.com', '--name', 'C', '--role', 'counsellor']);
    expect(noStdin.code).toBe(2);
    await addAccount('twice@example.com', 'Tara Admin', 'admin');
    const duplicate = await cli(
      ['add', '--email', 'Twice@example.com', '--name', 'Again', '--role', 'admin', '--password-stdin'],
      'a long enough password\n',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    for (const weak of ['1234567890', 'c@example.com is mine']) {
      const refused = await cli(
        ['add', '--email', 'c@example.com', '--name', 'C', '--role', 'counsellor', '--password-stdin'],
        `${weak}\n`,
      );
      expect(refused.code, weak).toBe(1);
      expect(refused.stderr, weak).not.toContain('Usage:');
      expect(refused.stderr, weak).toMatch(/too easy to guess|email or name/);
    }
    expect(await stored('c@example.com')).toBeUndefined();
  });

  it('resets a password and disables an account', async () => {
    await addAccount('reset@example.com', 'Ravi Counsellor', 'counsellor');
    const reset = await cli(
      ['reset-password', '--email', 'reset@example.com', '--password-stdin'],
      'another long password\n',
    );
    expect(reset.code).toBe(0);
    expect(
      await verifyPassword('another long password', (await stored('reset@example.com'))?.password_hash ?? ''),
    ).toBe(true);
    const disabled = await cli(['disable', '--email', 'reset@example.com']);
    expect(disabled.stdout).toContain('Disabled reset@example.com');
    expect((await stored('reset@example.com'))?.disabled_at).not.toBeNull();
    expect((await cli(['disable', '--email', 'nobody@example.com'])).code).toBe(1);
  });

  it('lists who must wait to sign in, and clears an account or an address so they may try again at once', async () => {
    await addAccount('limits@example.com', 'Lata Editor', 'editor');
    const rule = { free: 1, firstWaitMs: 600_000, maxWaitMs: 900_000 };
    const database = await openDatabase(env.DATABASE_URL ?? '');
    try {
      const throttle = createSignInThrottle(database);
      for (const scope of [pairScope('203.0.113.7', 'limits@example.com', rule), clientScope('198.51.100.2', rule)])
        await throttle.attempt(scope);
    } finally {
      await database.close();
    }
    const listed = await cli(['sign-in-limits']);
    expect(listed.stdout).toMatch(/pair:203\.0\.113\.7\|limits@example\.com\s+1 attempts, waits \d+ s/);
    expect(listed.stdout).toMatch(/client:198\.51\.100\.2\s+1 attempts, waits \d+ s/);
    const account = await cli(['clear-sign-in-limits', '--email', 'Limits@Example.com']);
    expect(account.stdout).toContain('limits@example.com may try signing in again at once (1 counts cleared)');
    const address = await cli(['clear-sign-in-limits', '--client', '198.51.100.2']);
    expect(address.stdout).toContain('Cleared the sign-in count for 198.51.100.2');
    expect((await cli(['sign-in-limits'])).stdout).toContain('Nobody has to wait to sign in.');
    expect((await cli(['clear-sign-in-limits'])).code).toBe(2);
    expect((await cli(['clear-sign-in-limits', '--email', 'nobody@example.com'])).code).toBe(1);
  });
});
