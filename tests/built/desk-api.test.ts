/**
 * The desk's API as shared/desk-api.ts describes it is the API the server serves, over the real
 * build (the content routes need it): every record is a route, every desk route is a record, and
 * each route refuses whoever its record's access leaves out, before anything else.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_API } from '../../server/plugins/authentication';
import { deskApi } from '../../shared/desk-api';
import { type Address, splitAddress } from '../../shared/schema/endpoint';
import { mayAccess, type StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import { DESK_ORIGIN, deskOverBuild } from './built-site';

const records = Object.entries(deskApi).map(([address, endpoint]) => ({
  address,
  access: endpoint.access,
  ...splitAddress(address as Address),
}));
/** A path with made-up parameters: a request refused before its handler never looks them up. */
const sample = (path: string) => `${DESK_API}${path.replace(/:(\w+)/g, 'x')}`;

describe('the desk’s API records and the server’s routes', () => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, cookies, close } = await deskOverBuild());
  });
  afterAll(() => close());

  it('serves every endpoint the desk calls', () => {
    expect(records.length).toBeGreaterThan(60);
    const missing = records.filter(
      ({ method, path }) => !app.hasRoute({ method: method as HTTPMethods, url: `${DESK_API}${path}` }),
    );
    expect(missing.map(({ address }) => address)).toEqual([]);
  });

  it('has no desk route that shared/desk-api.ts does not describe', async () => {
    const described = new Set(records.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`));
    const document = await app.inject({ url: `${DESK_API}/openapi.json`, headers: { cookie: cookies.admin } });
    const { paths } = document.json<{ paths: Record<string, Record<string, unknown>> }>();
    const served = Object.entries(paths)
      .filter(([path]) => path.startsWith(`${DESK_API}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.slice(DESK_API.length)}`),
      );
    expect(served.length).toBeGreaterThan(60);
    expect(served.filter((route) => !described.has(route))).toEqual([]);
  });

  it('refuses, on every endpoint, someone not signed in', async () => {
    const open = [];
    for (const { address, access, method, path } of records) {
      if (access === 'anyone') continue;
      const answer = await app.inject({
        method: method as HTTPMethods,
        url: sample(path),
        headers: { origin: DESK_ORIGIN },
      });
      if (answer.statusCode !== 401) open.push(`${address}: ${answer.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses, on every endpoint, a member whose role does not do its work', async () => {
    const open = [];
    let refusals = 0;
    for (const { address, access, method, path } of records) {
      for (const [role, cookie] of Object.entries(cookies)) {
        if (mayAccess(role, access)) continue;
        refusals += 1;
        const answer = await app.inject({
          method: method as HTTPMethods,
          url: sample(path),
          headers: { origin: DESK_ORIGIN, cookie },
        });
        if (answer.statusCode !== 403) open.push(`${address} as ${role}: ${answer.statusCode}`);
      }
    }
    expect(refusals).toBeGreaterThan(30);
    expect(open).toEqual([]);
  });
});
