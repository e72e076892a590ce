/**
 * A student's signed consent form (issue 40), through HTTP on real databases (SQLite and
 * PostgreSQL): an editor uploads its scan (a PDF, or a phone's photo of the form, kept upright
 * with its location and camera removed); staff with the content role see it again; a visitor
 * (signed out) and a counsellor are refused, both the upload and the file, on every request; and
 * it is never served under the public /media path, whatever its address.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { enginesUnderTest } from '../../../tests/support/databases';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { hashPassword, TEST_ONLY_COST } from '../../staff/passwords';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'correct horse battery';

/** A signed form as a one-page PDF (no script, no automatic action). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A phone's photo of the form: taken sideways (EXIF orientation 6), with the camera and where it was taken. */
async function photoOfForm() {
  const page = await sharp({
    create: {
      width: 300,
      height: 400,
      channels: 3,
      background: '#f4f1ea',
      noise: { type: 'gaussian', mean: 200, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  return sharp(page)
    .resize(3000, 4000)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 47/1 0/1' },
    })
    .toBuffer();
}

type Uploaded = {
  id: string;
  use: string;
  files: { name: string; url: string; contentType: string; bytes: number }[];
  reference: Record<string, unknown>;
};

describe.each(enginesUnderTest())('consent scans on $name', ({ open }) => {
  let database: Db;
  let app: FastifyInstance;
  let clientDir: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    clientDir = makeClientDir();
    database = await open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test', LOG_LEVEL: 'silent' }),
      clientDir,
      database,
      deliveryWorker: false,
    });
    await app.ready();
    const passwordHash = await hashPassword(PASSWORD, TEST_ONLY_COST);
    const staff = createStaffRepository(database);
    for (const role of ['counsellor', 'editor', 'admin'] as const) {
      await staff.add({ email: `${role}@example.com`, name: role, role, passwordHash });
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/staff/session',
        headers: { origin: ORIGIN },
        payload: { email: `${role}@example.com`, password: PASSWORD },
      });
      cookies[role] = `desk_session=${signedIn.cookies.find((c) => c.name === 'desk_session')?.value}`;
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const upload = (payload: Buffer, { cookie = cookies.editor ?? '', type = 'application/pdf' } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/uploads?use=consent&name=${encodeURIComponent('Consent form.pdf')}`,
      headers: { cookie, origin: ORIGIN, 'content-type': type },
      payload,
    });
  const get = (url: string, cookie = '') => app.inject({ url, headers: cookie ? { cookie } : {} });

  it('takes a PDF scan from an editor and gives it back to staff with the content role only, never under /media', async () => {
    const reply = await upload(PDF);
    expect(reply.statusCode, reply.body).toBe(201);
    const made = reply.json() as Uploaded;
    expect(made.reference).toEqual({ upload: made.id, use: 'consent', file: 'consent.pdf', bytes: PDF.length });
    const [file] = made.files;
    expect(file?.url).toBe(`/api/staff/uploads/${made.id}/consent.pdf`);

    for (const role of ['editor', 'admin'] as const) {
      const seen = await get(file?.url ?? '', cookies[role]);
      expect(seen.statusCode, role).toBe(200);
      expect(seen.rawPayload.equals(PDF), role).toBe(true);
      expect(seen.headers, role).toMatchObject({
        'content-type': 'application/pdf',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      });
    }
    // A visitor (no session) and a counsellor (no content work) are refused, and see nothing of it.
    const visitor = await get(file?.url ?? '');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('%PDF');
    const counsellor = await get(file?.url ?? '', cookies.counsellor);
    expect(counsellor.statusCode).toBe(403);
    expect(counsellor.body).not.toContain('%PDF');
    // The public path has no such file, for anyone.
    for (const cookie of ['', cookies.editor]) {
      const media = await get(`/media/${made.id}/consent.pdf`, cookie);
      expect(media.statusCode).toBe(404);
      expect(media.body).not.toContain('%PDF');
    }
  });

  it('keeps a phone’s photo of the form upright and legible, with no location or camera left in it', async () => {
    const sent = await photoOfForm();
    const reply = await upload(sent, { type: 'image/jpeg' });
    expect(reply.statusCode, reply.body).toBe(201);
    const made = reply.json() as Uploaded;
    expect(made.reference).toMatchObject({ upload: made.id, use: 'consent', file: 'consent.jpeg' });
    const seen = await get(`/api/staff/uploads/${made.id}/consent.jpeg`, cookies.editor);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(seen.rawPayload).metadata();
    // Taken sideways (3000 × 4000 as the camera stored it, 4000 × 3000 upright): kept upright, at most 2000 px.
    expect([metadata.width, metadata.height]).toEqual([2000, 1500]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(seen.rawPayload.includes('TestPhone')).toBe(false);

    expect((await get(`/api/staff/uploads/${made.id}/consent.jpeg`)).statusCode).toBe(401);
    expect((await get(`/api/staff/uploads/${made.id}/consent.jpeg`, cookies.counsellor)).statusCode).toBe(403);
    expect((await get(`/media/${made.id}/consent.jpeg`, cookies.admin)).statusCode).toBe(404);
  });

  it('refuses the upload to a visitor and a counsellor, and a file that is neither a PDF nor a photo', async () => {
    expect((await upload(PDF, { cookie: '' })).statusCode).toBe(401);
    expect((await upload(PDF, { cookie: cookies.counsellor })).statusCode).toBe(403);
    const html = await upload(Buffer.from('<!doctype html><script>alert(1)</script>'), { type: 'application/pdf' });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ error: expect.stringMatching(/neither a PDF nor a JPEG, PNG or WebP photo/) });
  });

  it('gives staff no public upload through the scans’ path: a teacher’s portrait is not a scan', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const portrait = await app.inject({
      method: 'POST',
      url: '/api/staff/uploads?use=portrait',
      headers: { cookie: cookies.editor, origin: ORIGIN, 'content-type': 'image/png' },
      payload: png,
    });
    expect(portrait.statusCode, portrait.body).toBe(201);
    const { id } = portrait.json() as Uploaded;
    expect((await get(`/media/${id}/portrait-52.jpeg`)).statusCode).toBe(200);
    // Only a scan's names are taken there, and a portrait's upload has none.
    expect((await get(`/api/staff/uploads/${id}/portrait-52.jpeg`, cookies.editor)).statusCode).toBe(400);
    expect((await get(`/api/staff/uploads/${id}/consent.jpeg`, cookies.editor)).statusCode).toBe(404);
  });
});
