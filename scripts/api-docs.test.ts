/**
 * docs/api.md says what the code says. Its generated parts (the enquiry's fields, the CSV and
 * webhook examples) are what npm run docs:api writes. And it describes every public API
 * route, and nothing that is not a route: its
 * `## METHOD /path` headings against the app's own OpenAPI document (the one
 * GET /api/staff/openapi.json serves, made from the registered routes). A public route
 * added without a section, or a section left for a route that is gone, fails here. The
 * desk's API (/api/staff/…) is described by the document alone.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS, writtenApiDocs } from './api-docs';
import { makeClientDir } from '../tests/support/client-dir';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/database';
import { createStaffRepository } from '../server/db/staff-repository';
import { createStaffSessionRepository } from '../server/db/staff-session-repository';
import { sessionLimits } from '../server/plugins/authentication';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `## POST /api/enquiries`, `## PATCH /api/enquiries/:id`: each as `POST /api/enquiries/:id`. */
function documentedRoutes(): string[] {
  const markdown = readFileSync(API_DOCS, 'utf8');
  return [...markdown.matchAll(/^## ([A-Z]+) (\/\S*)$/gm)].map((match) => `${match[1]} ${match[2]}`).sort();
}

describe('docs/api.md and the API’s routes', () => {
  let database: Db;
  let clientDir: string;
  let app: FastifyInstance;
  let routes: string[];

  beforeAll(async () => {
    database = await openDatabase('file::memory:');
    clientDir = makeClientDir();
    // With STAFF_TOKEN, so that the token export is registered.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      STAFF_TOKEN: 'a-staff-token-long-enough-for-the-check',
    });
    app = await buildApp({ config, clientDir, database, deliveryWorker: false });
    const member = await createStaffRepository(database).add({
      email: 'counsellor@example.com',
      name: 'Chitra',
      role: 'counsellor',
      passwordHash: 'not used',
    });
    const session = await createStaffSessionRepository(database).startSession(member.id, sessionLimits(config));
    const res = await app.inject({ url: '/api/staff/openapi.json', headers: { cookie: `desk_session=${session}` } });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json() as { paths: Record<string, Record<string, unknown>> };
    // OpenAPI writes a parameter {id}; the docs, as the routes do, :id.
    routes = Object.entries(paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((key) => METHODS.includes(key))
          .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      )
      .sort();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('reads the routes from the document and the headings from the docs', () => {
    expect(routes).toContain('POST /api/enquiries');
    expect(routes).toContain('GET /api/staff/enquiries/:id');
    expect(documentedRoutes()).toContain('POST /api/enquiries');
  });

  it('has a `## METHOD /path` section for every public route (all but /api/staff/…)', () => {
    const isPublic = (route: string) => !route.split(' ')[1]?.startsWith('/api/staff/');
    expect(documentedRoutes().filter(isPublic)).toEqual(routes.filter(isPublic));
  });

  it('has no `## METHOD /path` section for a route that does not exist', () => {
    const missing = documentedRoutes().filter((route) => !routes.includes(route));
    expect(missing).toEqual([]);
  });
});

it('docs/api.md says what the enquiry description and the export and webhook code say (npm run docs:api writes it)', async () => {
  const current = readFileSync(API_DOCS, 'utf8');
  expect(current, 'docs/api.md is out of date: run npm run docs:api').toBe(await writtenApiDocs(current));
});
