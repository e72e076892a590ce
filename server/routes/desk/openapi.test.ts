/**
 * GET /api/staff/openapi.json, through real HTTP requests (app.inject) on SQLite: staff only,
 * and a document of the API's routes made from their own schemas, replies as declared.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../../../tests/support/client-dir';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Db, openDatabase } from '../../db/database';
import { createStaffRepository } from '../../db/staff-repository';
import { createStaffSessionRepository } from '../../db/staff-session-repository';
import { sessionLimits } from '../../plugins/authentication';

type Schema = { type?: string; properties?: Record<string, Schema>; additionalProperties?: unknown };
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

const jsonReply = (operation: Operation | undefined, status: string) =>
  operation?.responses[status]?.content?.['application/json']?.schema;

describe('the API’s OpenAPI document', () => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STAFF_TOKEN: 'a-staff-token-long-enough-for-the-check',
  });

  /** A signed-in session of a new member of staff, without hashing a password. */
  const cookieOf = async (role: 'counsellor' | 'admin') => {
    const member = await createStaffRepository(database).add({
      email: `${role}-${crypto.randomUUID()}@example.com`,
      name: role,
      role,
      passwordHash: 'not used',
    });
    return `desk_session=${await createStaffSessionRepository(database).startSession(member.id, sessionLimits(config))}`;
  };
  const fetchDocument = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/staff/openapi.json', headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    database = await openDatabase('file::memory:');
    clientDir = makeClientDir();
    app = await buildApp({ config, clientDir, database, deliveryWorker: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is for staff only: 401 signed out, as every desk endpoint', async () => {
    const res = await fetchDocument();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in.' });
    expect(res.body).not.toContain('openapi');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');

    const ended = await fetchDocument('desk_session=not-a-session');
    expect(ended.statusCode).toBe(401);
  });

  it('signed in (any role): an OpenAPI document of the API routes, made from their schemas', async () => {
    const res = await fetchDocument(await cookieOf('counsellor'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const document = res.json() as Document;
    expect(document.openapi).toBe('3.1.0');

    // The API and the health check; not the site's pages, nor the desk's own page.
    const paths = Object.keys(document.paths);
    expect(
      paths.every((path) => path.startsWith('/api/') || path === '/healthz'),
      paths.join(' '),
    ).toBe(true);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/enquiries',
        '/api/enquiries/{id}',
        '/api/enquiries/export',
        '/healthz',
        '/api/staff/session',
        '/api/staff/me',
        '/api/staff/enquiries/{id}',
        '/api/staff/openapi.json',
      ]),
    );

    // The public form's endpoint: its body, and its answers as JSON, the plain form's 303, the page instead.
    const enquiry = document.paths['/api/enquiries']?.post;
    expect(Object.keys(enquiry?.responses ?? {}).sort()).toEqual([
      '201',
      '303',
      '400',
      '403',
      '410',
      '429',
      '4XX',
      '503',
    ]);
    expect(Object.keys(jsonReply(enquiry, '201')?.properties ?? {})).toEqual(['id', 'created']);
    expect(enquiry?.responses['303']?.content).toBeUndefined();
    expect(Object.keys(enquiry?.responses['400']?.content ?? {})).toEqual(['application/json', 'text/html']);
    expect(Object.keys(enquiry?.responses['429']?.content ?? {})).toEqual(['application/json', 'text/html']);
    expect(JSON.stringify(enquiry?.requestBody)).toContain('studentName');

    // An enquiry as the desk reads it: every field it is sent, and not the idempotency key.
    const detail = document.paths['/api/staff/enquiries/{id}']?.get;
    expect(detail?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    const enquiryFields = jsonReply(detail, '200')?.properties?.enquiry?.properties ?? {};
    expect(Object.keys(enquiryFields)).toEqual(
      expect.arrayContaining(['id', 'student_name', 'phone', 'status', 'version', 'utm_source']),
    );
    expect(Object.keys(jsonReply(detail, '200')?.properties ?? {})).toEqual(['enquiry', 'family', 'notes', 'audit']);
    expect(enquiryFields).not.toHaveProperty('idempotency_key');
    expect(enquiryFields).not.toHaveProperty('tracking_consent');
    expect(jsonReply(detail, '4XX')?.properties).toEqual({ error: { type: 'string' } });

    // A member of staff: never a password hash or a session.
    const me = jsonReply(document.paths['/api/staff/me']?.get, '200')?.properties?.staff?.properties ?? {};
    expect(Object.keys(me).sort()).toEqual([
      'away_since',
      'courses',
      'created_at',
      'disabled_at',
      'email',
      'id',
      'languages',
      'name',
      'role',
      'updated_at',
    ]);
    expect(res.body).not.toMatch(/password_hash|id_hash|idempotency_key/);

    // The CSV exports are described as CSV; answers without a body have no content.
    expect(Object.keys(document.paths['/api/staff/export']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/csv',
    ]);
    // The desk's export is the spreadsheet for people, and says so.
    expect(document.paths['/api/staff/export']?.get?.responses['200']?.description).toMatch(/spreadsheet.*India time/);
    expect(document.paths['/api/staff/session']?.delete?.responses['204']?.content).toBeUndefined();
  });

  it('is the same document for an admin, and asking for it changes no other answer', async () => {
    const admin = await cookieOf('admin');
    const first = await fetchDocument(admin);
    expect(first.statusCode).toBe(200);
    expect((await fetchDocument(await cookieOf('counsellor'))).body).toBe(first.body);
    const me = await app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: admin } });
    expect(me.statusCode).toBe(200);
    expect(Object.keys((me.json() as { staff: object }).staff)).toEqual([
      'id',
      'email',
      'name',
      'role',
      'disabled_at',
      'created_at',
      'updated_at',
      'away_since',
      'languages',
      'courses',
    ]);
  });
});
