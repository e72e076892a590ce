/**
 * Both exports (the desk's GET /api/staff/export and the token's GET /api/enquiries/export)
 * on SQLite (a file, so the export reads through its own connection) and PostgreSQL: the
 * token's CSV is what it was before streaming and the desk's spreadsheet what it is in
 * memory, the spreadsheet reads as people read it (byte-order mark, labels, India time,
 * phones, the formula guard, notes in order, filters, the file named by India's date),
 * many rows stream, HEAD reads and records nothing, a client that goes away closes the
 * cursor and the trail says the export was cut short, the desk's limit is per member of
 * staff, and guesses at the token never use up the token's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { freshPostgresUrl } from '../../../tests/support/databases';
import { enquiryRow } from '../../../tests/support/enquiry-row';
import { inject } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createAuditLog } from '../../db/audit-log';
import { type Db, openDatabase } from '../../db/database';
import { createEnquiryRepository } from '../../db/enquiry-repository';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';
import { columns, csvCell } from '../../exports/export';
import { sheetColumns, sheetFilename } from '../../exports/spreadsheet';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';
const STAFF_TOKEN = 'staff-token-for-tests-0123456789';
const LIMIT = 3;

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
});

/** The CSV as the export wrote it before it streamed: every row in memory, joined. */
function csvAsBefore(rows: Awaited<ReturnType<ReturnType<typeof createEnquiryRepository>['listSince']>>) {
  const lines = [columns.map((c) => c.header).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The desk's spreadsheet as it is in memory (rows without notes or calls): the byte-order mark, the headers, the rows. */
function sheetAsBefore(rows: Awaited<ReturnType<ReturnType<typeof createEnquiryRepository>['listSince']>>) {
  const lines = [sheetColumns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows)
    lines.push(sheetColumns.map((c) => csvCell(c.value({ ...row, notes: [], contacts: [] }))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The cells of a CSV file as a spreadsheet reads them (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

const engines = [
  { name: 'sqlite', url: async (dir: string) => `file:${join(dir, 'enquiries.db')}` },
  ...(inject('postgresUrl')
    ? [{ name: 'postgres', url: async () => freshPostgresUrl(inject('postgresUrl') as string) }]
    : []),
];

it("names the desk's file by India's date: after 18:30 UTC it is already tomorrow there", () => {
  expect(sheetFilename(new Date('2026-11-24T19:00:00Z'))).toBe('enquiries-2026-11-25.csv');
  expect(sheetFilename(new Date('2026-11-24T18:29:00Z'))).toBe('enquiries-2026-11-24.csv');
});

describe('a CSV cell', () => {
  it('is quoted when it holds a comma, a quote, a line break or a semicolon; a formula starts with a quote', () => {
    expect(csvCell('Asha')).toBe('Asha');
    expect(csvCell('a,b')).toBe('"a,b"');
    // Excel with semicolon lists would split this into a formula cell if it were bare.
    expect(csvCell('a;=1+1')).toBe('"a;=1+1"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(null)).toBe('');
  });
});

describe.each(engines)('exports on $name', ({ url }) => {
  let dir: string;
  let clientDir: string;
  let database: Db;
  let app: FastifyInstance;
  /** Readers (cursors' connections) opened and closed so far. */
  let readers: { opened: number; closed: number };

  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: { origin: ORIGIN },
      payload: { email, password: PASSWORD },
    });
    return `desk_session=${res.cookies.find((c) => c.name === 'desk_session')?.value}`;
  };
  const deskExport = (cookie?: string, method: 'GET' | 'HEAD' = 'GET', query = '') =>
    app.inject({ method, url: `/api/staff/export${query}`, headers: cookie ? { cookie } : {} });
  const tokenExport = (token?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url: '/api/enquiries/export',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const exportsInTrail = async () =>
    (await createAuditLog(database).list({ enquiryId: null })).filter((e) => e.action.startsWith('export'));
  /** `count` enquiries straight into the database; every tenth with text a spreadsheet would mangle. */
  const seed = async (count: number) => {
    const now = Date.now();
    for (let from = 0; from < count; from += 500) {
      const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => {
        const n = from + k;
        const at = new Date(now - (count - n) * 1000).toISOString();
        return enquiryRow({
          id: `e${String(n).padStart(6, '0')}`,
          created_at: at,
          student_name: n % 10 ? `Student ${n}` : `=SUM(A1) "quoted", ${n}`,
          phone: `+919${String(n).padStart(9, '0')}`,
          class_level: '12',
          course: n % 2 ? 'jee' : 'neet-repeaters',
          city: 'Kota',
          message: n % 10 ? null : '+1 call\r\nafter 6, "please"',
          enquirer: 'parent',
          parent_name: n % 10 ? null : '@parent\tname',
          language: n % 3 ? 'en' : 'hi',
        });
      });
      await database.db.insertInto('enquiries').values(rows).execute();
    }
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'export-test-'));
    clientDir = makeClientDir();
    database = await openDatabase(await url(dir));
    readers = { opened: 0, closed: 0 };
    const openReader = database.reader;
    database.reader = () => {
      readers.opened += 1;
      const reader = openReader();
      return {
        db: reader.db,
        close: async () => {
          readers.closed += 1;
          await reader.close();
        },
      };
    };
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STAFF_TOKEN,
      EXPORT_RATE_LIMIT: String(LIMIT),
    });
    app = await buildApp({ config, clientDir, database, deliveryWorker: false });
    const staff = createStaffRepository(database);
    await staff.add({ email: 'a@example.com', name: 'Anil', role: 'admin', passwordHash });
    await staff.add({ email: 'b@example.com', name: 'Bina', role: 'admin', passwordHash });
  });
  afterEach(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("streams the token's CSV as before and the desk's spreadsheet as in memory, awkward values and all; the trail has the count", async () => {
    await seed(30);
    const stored = await createEnquiryRepository(database).listSince(new Date(0));
    const expected = csvAsBefore(stored);
    expect(expected).toContain(`"'=SUM(A1) ""quoted"", 0"`);
    const desk = await deskExport(await signIn('a@example.com'));
    expect(desk.statusCode).toBe(200);
    expect(desk.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(desk.body).toBe(sheetAsBefore(stored));
    expect(desk.body).toContain(`"'=SUM(A1) ""quoted"", 0"`);
    const token = await tokenExport(STAFF_TOKEN);
    expect(token.statusCode).toBe(200);
    expect(token.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(token.body).toBe(expected);
    // The desk's filters still apply.
    const jee = await deskExport(await signIn('a@example.com'), 'GET', '?course=jee');
    expect(readCsv(jee.body)).toHaveLength(1 + 15);
    expect((await exportsInTrail()).map((e) => [e.action, e.to_value, e.field]).sort()).toEqual(
      [
        ['export', '30', null],
        ['export', '30', 'staff-token'],
        ['export', '15', null],
      ].sort(),
    );
    expect(readers).toEqual({ opened: 3, closed: 3 });
  });

  it("the desk's spreadsheet reads as people read it: labels, India time, phones as text, the guard, the family's notes in order, filters", async () => {
    const staff = createStaffRepository(database);
    const anil = await staff.findByEmail('a@example.com');
    const bina = await staff.findByEmail('b@example.com');
    await database.db
      .insertInto('enquiries')
      .values([
        enquiryRow({
          id: 'e-hindi',
          created_at: '2026-11-24T18:45:00.000Z',
          student_name: 'आशा वर्मा',
          phone: '+919876543210',
          class_level: '12-pass',
          course: 'neet-repeaters',
          city: 'Kota',
          enquirer: 'parent',
          language: 'hi',
          message: '=HYPERLINK("http://evil.example","click")',
          status: 'visit-booked',
          assignee_id: anil?.id ?? null,
          next_follow_up: '2026-11-30',
          first_contacted_at: '2026-11-25T04:00:00.000Z',
          utm_source: 'facebook',
          utm_medium: 'paid',
          utm_campaign: 'neet-2027-kota',
        }),
        // The family asked before: that enquiry is its history now, and its note is the family's.
        enquiryRow({
          id: 'e-hindi-earlier',
          created_at: '2026-10-01T05:00:00.000Z',
          student_name: 'आशा वर्मा',
          phone: '+919876543210',
          class_level: '12',
          course: 'neet-repeaters',
          city: 'Kota',
          enquirer: 'parent',
          language: 'hi',
          status: 'contacted',
          family_id: 'e-hindi',
          superseded_at: '2026-11-24T18:45:00.000Z',
        }),
        enquiryRow({
          id: 'e-other',
          created_at: '2026-11-24T10:00:00.000Z',
          student_name: 'Ravi Kumar',
          phone: '+919812312345',
          class_level: '11',
          course: 'jee',
          city: 'Jaipur',
          enquirer: 'student',
          language: 'en',
          student_under_18: 0,
          status: 'new',
        }),
      ])
      .execute();
    // Stored out of order, and two at the same moment: the cell orders them by time, then id.
    await database.db
      .insertInto('enquiry_notes')
      .values([
        {
          id: 'n0',
          enquiry_id: 'e-hindi-earlier',
          author_id: bina?.id ?? '',
          body: 'Asked about fees.',
          created_at: '2026-10-01T06:00:00.000Z',
        },
        {
          id: 'n3',
          enquiry_id: 'e-hindi',
          author_id: bina?.id ?? '',
          body: 'Visit on Saturday.',
          created_at: '2026-11-26T06:30:00.000Z',
        },
        {
          id: 'n1',
          enquiry_id: 'e-hindi',
          author_id: anil?.id ?? '',
          body: 'Called, no answer.',
          created_at: '2026-11-25T04:00:00.000Z',
        },
        {
          id: 'n2',
          enquiry_id: 'e-hindi',
          author_id: anil?.id ?? '',
          body: 'Spoke to the mother,\n"after 6".',
          created_at: '2026-11-25T04:00:00.000Z',
        },
      ])
      .execute();

    const res = await deskExport(await signIn('a@example.com'), 'GET', '?course=neet-repeaters');
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${sheetFilename(new Date())}"`);
    const [headers = [], ...rows] = readCsv(res.body.slice(1));
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries(headers.map((header, i) => [header, rows[0]?.[i]]));
    expect(headers.slice(0, 4)).toEqual(['Received (India time)', 'Enquiry by', 'Student', 'Phone']);
    expect(cells).toMatchObject({
      'Received (India time)': '2026-11-25 00:15',
      'Enquiry by': 'Parent or guardian',
      Student: 'आशा वर्मा',
      Phone: '98765 43210',
      'Student is under 18': '',
      Prefers: 'Hindi (हिन्दी)',
      'Class / status': '12th passed / dropper',
      Course: 'NEET Repeaters (Dropper) Course',
      Message: `'=HYPERLINK("http://evil.example","click")`,
      'Consent to be contacted': 'Yes',
      'Consent given (India time)': '2026-11-25 00:15',
      'Came from': 'Meta ad, campaign neet-2027-kota',
      Status: 'Visit booked',
      'Assigned to': 'Anil',
      'Next follow-up': '2026-11-30',
      'First contacted (India time)': '2026-11-25 09:30',
      Notes: [
        '2026-10-01 11:30 Bina: Asked about fees.',
        '2026-11-25 09:30 Anil: Called, no answer.',
        '2026-11-25 09:30 Anil: Spoke to the mother,',
        '"after 6".',
        '2026-11-26 12:00 Bina: Visit on Saturday.',
      ].join('\n'),
      Reference: 'e-hindi',
    });
    // No header is a code, and no cell a stored code or a UTC time.
    expect(headers.filter((header) => /^[a-z_]+$/.test(header))).toEqual([]);
    expect(rows[0]?.join(',')).not.toMatch(/neet-repeaters|visit-booked|\+91|T\d\d:\d\d/);

    // The other filters apply as well; an enquiry without notes has an empty cell, a flag reads No.
    const [, ...fresh] = readCsv((await deskExport(await signIn('a@example.com'), 'GET', '?status=new')).body);
    expect(fresh.map((row) => row[headers.indexOf('Student')])).toEqual(['Ravi Kumar']);
    expect(fresh[0]?.[headers.indexOf('Notes')]).toBe('');
    expect(fresh[0]?.[headers.indexOf('Student is under 18')]).toBe('No');
    expect(fresh[0]?.[headers.indexOf('Enquiry by')]).toBe('Student');
  });

  it('streams many rows in order', async () => {
    await seed(5_000);
    const res = await tokenExport(STAFF_TOKEN);
    const ids = [...res.body.matchAll(/^(e\d{6}),/gm)].map((m) => m[1]);
    expect(ids).toHaveLength(5_000);
    expect(ids[0]).toBe('e000000');
    expect(ids.at(-1)).toBe('e004999');
    expect(ids).toEqual([...ids].sort());
  });

  it('answers HEAD with the headers only: no query, no audit row, no export used up', async () => {
    await seed(5);
    const cookie = await signIn('a@example.com');
    for (let i = 0; i < LIMIT + 2; i++) {
      const desk = await deskExport(cookie, 'HEAD');
      expect(desk.statusCode).toBe(200);
      expect(desk.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(desk.headers['content-disposition']).toMatch(/^attachment; filename="enquiries-/);
      expect(desk.body).toBe('');
      const token = await tokenExport(STAFF_TOKEN, 'HEAD');
      expect(token.statusCode).toBe(200);
      expect(token.body).toBe('');
    }
    expect(readers.opened).toBe(0);
    expect(await exportsInTrail()).toEqual([]);
    expect((await deskExport(cookie, 'HEAD')).statusCode).toBe(200);
    expect((await deskExport()).statusCode).toBe(401);
    expect((await tokenExport('wrong', 'HEAD')).statusCode).toBe(401);
    expect((await deskExport(cookie)).statusCode).toBe(200);
    expect((await tokenExport(STAFF_TOKEN)).statusCode).toBe(200);
  });

  it('a client that goes away mid-export closes the cursor; the trail says it was cut short, and /healthz answered meanwhile', async () => {
    await seed(20_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', path: '/api/enquiries/export', headers: { authorization: `Bearer ${STAFF_TOKEN}` } },
        (res) => {
          res.once('data', () => {
            // The first chunk is here and the rest waits on us (backpressure): the server answers others.
            res.pause();
            health().then((status) => {
              expect(status).toBe(200);
              req.destroy();
              resolve();
            }, reject);
          });
        },
      );
      req.on('error', () => {});
      req.end();
    });
    await expect.poll(() => readers.closed, { timeout: 10_000 }).toBe(1);
    expect(readers.opened).toBe(1);
    await expect.poll(async () => (await exportsInTrail()).length, { timeout: 10_000 }).toBe(1);
    const [entry] = await exportsInTrail();
    expect(entry?.action).toBe('export-cut-short');
    expect(Number(entry?.to_value)).toBeGreaterThan(0);
    expect(Number(entry?.to_value)).toBeLessThan(20_000);
    expect(await health()).toBe(200);
  });

  it("the desk's limit is per member of staff: two sessions share it, another admin keeps theirs, refused requests use none", async () => {
    await seed(2);
    for (let i = 0; i < LIMIT + 2; i++) expect((await deskExport()).statusCode).toBe(401);
    expect((await deskExport('desk_session=not-a-session')).statusCode).toBe(401);
    const first = await signIn('a@example.com');
    const second = await signIn('a@example.com');
    expect(second).not.toBe(first);
    const codes = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await deskExport(i % 2 ? second : first)).statusCode);
    expect(codes).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    expect((await deskExport(await signIn('a@example.com'))).statusCode).toBe(429);
    expect((await deskExport(await signIn('b@example.com'))).statusCode).toBe(200);
  });

  it('wrong tokens from one address never lock out the right token, which keeps its own budget', async () => {
    await seed(2);
    const guesses = [];
    for (let i = 0; i < LIMIT + 3; i++) guesses.push((await tokenExport(`guess-${i}`)).statusCode);
    expect(guesses).toEqual([...Array<number>(LIMIT).fill(401), 429, 429, 429]);
    expect((await tokenExport()).statusCode).toBe(429);
    const right = [];
    for (let i = 0; i < LIMIT + 1; i++) right.push((await tokenExport(STAFF_TOKEN)).statusCode);
    expect(right).toEqual([...Array<number>(LIMIT).fill(200), 429]);
  });
});
