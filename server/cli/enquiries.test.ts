import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquirySchema } from '../../shared/schema/enquiry';
import { openDatabase } from '../db/database';
import { createEnquiryRepository } from '../db/enquiry-repository';

const run = promisify(execFile);

/**
 * The staff command, run as staff run it: a separate process reading DATABASE_URL.
 * Each test starts several such processes (a few seconds each on a busy machine).
 */
describe('npm run enquiries -- export', { timeout: 60_000 }, () => {
  // Days before today, so that every enquiry stays within the year's retention whenever the test runs.
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const since = daysAgo(30).toISOString().slice(0, 10);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/cli/enquiries.ts', ...args], { env });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-cli-'));
    env = { ...process.env, DATABASE_URL: `file:${join(dir, 'enquiries.db')}` };
    const database = await openDatabase(env.DATABASE_URL ?? '');
    const repo = createEnquiryRepository(database);
    const base = { classLevel: '12', course: 'jee', city: 'Jaipur', consent: true };
    await repo.save(enquirySchema.parse({ ...base, studentName: 'Old', phone: '9000000001' }), {
      source: 'json',
      now: daysAgo(60),
    });
    await repo.save(
      enquirySchema.parse({ ...base, studentName: 'New, "quoted"', phone: '9000000002', language: 'hi' }),
      {
        source: 'form',
        channels: ['webhook'],
        now: daysAgo(10),
      },
    );
    // That webhook delivery ran out of attempts.
    await database.db
      .updateTable('deliveries')
      .set({ status: 'failed', attempts: 10, last_error: 'webhook answered 500 Internal Server Error' })
      .execute();
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints CSV of the enquiries since a date to standard output', async () => {
    const { stdout, stderr } = await cli('export', '--since', since, '--format', 'csv');
    const lines = stdout.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^id,received_at,enquirer,student_name,phone,.*,language,/);
    expect(lines[1]).toContain('"New, ""quoted"""');
    expect(lines[1]).toContain('+919000000002');
    expect(stderr).toContain(`1 enquiries since ${since}`);
  });

  it('writes JSON to a file', async () => {
    const out = join(dir, 'out.json');
    await cli('export', '--format', 'json', '--out', out);
    const records = JSON.parse(readFileSync(out, 'utf8')) as { student_name: string; language: string }[];
    expect(records.map((r) => [r.student_name, r.language])).toEqual([
      ['Old', 'en'],
      ['New, "quoted"', 'hi'],
    ]);
  });

  it('explains a bad date or format and exits 2', async () => {
    await expect(cli('export', '--since', 'last week')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--since must be a date'),
    });
    await expect(cli('export', '--format', 'xlsx')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--format must be csv or json'),
    });
  });

  it('lists failed deliveries and queues one again', async () => {
    const { stdout: list } = await cli('deliveries', '--failed');
    expect(list).toContain('webhook');
    expect(list).toContain('10 attempts');
    expect(list).toContain('last error: webhook answered 500');
    const id = list.trim().split(/\s+/)[0] ?? '';

    const { stdout: retried } = await cli('deliveries', 'retry', id);
    expect(retried).toContain('1 deliveries queued again');
    const { stdout: after } = await cli('deliveries', '--failed');
    expect(after).toContain('No failed deliveries.');

    const database = await openDatabase(env.DATABASE_URL ?? '');
    const rows = await database.db.selectFrom('deliveries').selectAll().execute();
    await database.close();
    expect(rows).toMatchObject([{ id, status: 'pending', attempts: 0 }]);
    await expect(cli('deliveries', 'retry', id)).rejects.toMatchObject({ code: 1 });
  });

  it('erases one person by phone and says what it erased; purge keeps what is within retention', async () => {
    // A family of its own to erase: the other tests' enquiries stay as they expect them, whatever the order.
    const database = await openDatabase(env.DATABASE_URL ?? '');
    await createEnquiryRepository(database).save(
      enquirySchema.parse({
        classLevel: '11',
        course: 'jee',
        city: 'Kota',
        consent: true,
        studentName: 'Erase',
        phone: '9000000003',
      }),
      { source: 'form', now: daysAgo(5) },
    );
    await database.close();
    const { stdout: erased } = await cli('erase', '--phone', '90000 00003');
    expect(erased).toContain('Erased 1 enquiries:');
    expect(erased).toContain('+919000000003');
    const { stdout: purged } = await cli('purge');
    expect(purged).toMatch(/^Deleted 0 enquiries received before .* \(retention 365 days\)\./);
    const { stdout: remaining } = await cli('export', '--format', 'json');
    expect((JSON.parse(remaining) as { phone: string }[]).map((r) => r.phone)).toEqual([
      '+919000000001',
      '+919000000002',
    ]);
    await expect(cli('erase', '--phone', '12345')).rejects.toMatchObject({ code: 2 });
  });
});
