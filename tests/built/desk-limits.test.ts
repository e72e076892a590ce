/**
 * What one member of staff may ask of the server (issue 38, M8), over the real build: a few
 * publications and previews a minute each (every one renders pages), uploads a minute and bytes
 * a day, and a most for every list of the content. Each is refused with a reason a person can
 * read; another member is not held by someone else's count.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { loadConfig } from '../../server/config';
import { UPLOAD_BYTES_PER_DAY } from '../../server/routes/desk/uploads';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import type { SiteContent } from '../../src/content/site-content';
import { DESK_ORIGIN, deskOverBuild } from './built-site';

/** The defaults (server/config.ts), which these tests hold to. */
const { PUBLICATION_RATE_LIMIT: PUBLICATIONS_PER_MINUTE, PREVIEW_RATE_LIMIT: PREVIEWS_PER_MINUTE } = loadConfig({
  NODE_ENV: 'test',
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('limits per member of staff', () => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let database: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, cookies, database, close } = await deskOverBuild());
  });
  afterAll(() => close());

  const put = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/staff/content', headers: { origin: DESK_ORIGIN, cookie }, payload });
  const opened = async () =>
    (await app.inject({ url: '/api/staff/content', headers: { cookie: cookies.admin } })).json() as {
      version: string | null;
      document: SiteContent;
    };

  it('a list longer than its most is refused, naming it (the admin publishes nothing)', async () => {
    const { version, document } = await opened();
    const faqs = document.copy.en.courses.jee.faqs;
    const first = faqs[0];
    if (!first) throw new Error('The JEE course has no FAQ');
    document.copy.en.courses.jee.faqs = Array.from({ length: 26 }, (_, i) => ({ ...first, question: `Q${i}?` }));
    const refused = await put(cookies.admin, { basedOn: version, document });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { problems: string[] }).problems.join('\n')).toMatch(/en\.courses\.jee\.faqs/);
    expect((await opened()).version).toBe(version);
  });

  it('a version larger than the content may be is refused with words for an editor, not an enquiry’s', async () => {
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/staff/content',
      headers: { origin: DESK_ORIGIN, cookie: cookies.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ basedOn: null, document: { padding: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      error:
        'This version is larger than 2 MB, more than the site’s words and facts can be. Shorten its lists or texts.',
    });
  });

  it(`an editor's publications: ${PUBLICATIONS_PER_MINUTE} a minute, then a reason; another member is not held`, async () => {
    const { document } = await opened();
    // Made from a version that is not the newest: each is refused (409) after it is counted.
    const stale = { basedOn: randomUUID(), document };
    for (let i = 0; i < PUBLICATIONS_PER_MINUTE; i++) expect((await put(cookies.editor, stale)).statusCode).toBe(409);
    const held = await put(cookies.editor, stale);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({
      error: expect.stringMatching(
        new RegExp(`^That is ${PUBLICATIONS_PER_MINUTE} publications in a minute, .* Try again in \\d+ seconds\\.$`),
      ),
    });
    expect((await put(cookies.admin, stale)).statusCode).toBe(409);
  });

  it(`previews: ${PREVIEWS_PER_MINUTE} a minute per member`, async () => {
    const preview = () =>
      app.inject({
        method: 'POST',
        url: '/api/staff/content/preview',
        headers: { origin: DESK_ORIGIN, cookie: cookies.editor, 'content-type': 'application/x-www-form-urlencoded' },
        // A page the site does not have: answered at once, and counted.
        payload: new URLSearchParams({ document: '{}', path: '/no-such-page' }).toString(),
      });
    const answers = [];
    for (let i = 0; i <= PREVIEWS_PER_MINUTE; i++) answers.push((await preview()).statusCode);
    expect(answers.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('uploads: a day’s bytes per member, then a reason', async () => {
    const editor = await database.db
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'editor')
      .executeTakeFirstOrThrow();
    const upload = (cookie: string) =>
      app.inject({
        method: 'POST',
        url: '/api/staff/uploads?use=prospectus&name=prospectus.pdf',
        headers: { cookie, origin: DESK_ORIGIN, 'content-type': 'application/pdf' },
        payload: PDF,
      });
    expect((await upload(cookies.editor)).statusCode).toBe(201);
    // The rest of the day's bytes, as if sent this morning.
    await database.db
      .insertInto('uploads')
      .values({
        id: randomUUID(),
        kind: 'pdf',
        use: 'prospectus',
        original_name: 'big.pdf',
        original_bytes: UPLOAD_BYTES_PER_DAY - PDF.length,
        width: null,
        height: null,
        sha256: 'x',
        uploaded_by: editor.id,
        uploaded_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      })
      .execute();
    const refused = await upload(cookies.editor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^You have uploaded 150 MB in the last 24 hours; the most is 150 MB a day\./),
    });
    expect((await upload(cookies.admin)).statusCode).toBe(201);
  });
});
