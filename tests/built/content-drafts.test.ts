/**
 * Editors' drafts on the server (server/routes/desk/content-drafts.ts), on both engines: a draft
 * saved from a phone opens on a laptop, with where and when it was saved; two devices saving at
 * once never overwrite each other unseen; a draft made before someone else published comes back
 * with the version it was made from, for the desk to merge; publishing it drops it; each editor
 * sees only their own, and no one else any.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import type { SiteContent } from '../../src/content/site-content';
import { withJeeFee } from '../support/content-change';
import { enginesUnderTest } from '../support/databases';
import { DESK_ORIGIN, deskOverBuild } from './built-site';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Draft = { basedOn: string | null; document: SiteContent; revision: number; savedAt: string; device: string };

describe.each(enginesUnderTest())('editors’ drafts on the server, on $name', ({ open }) => {
  let app: FastifyInstance;
  let cookies: Record<StaffRoleValue, string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, cookies, close } = await deskOverBuild({ PUBLICATION_RATE_LIMIT: '1000' }, open));
  });
  afterAll(() => close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    { cookie = cookies.editor, agent = LAPTOP, payload }: { cookie?: string; agent?: string; payload?: object } = {},
  ) =>
    app.inject({
      method,
      url: `/api/staff/content${url}`,
      headers: { origin: DESK_ORIGIN, cookie, 'user-agent': agent },
      ...(payload ? { payload } : {}),
    });
  const live = async () =>
    (await call('GET', '')).json() as { version: string | null; author: string | null; document: SiteContent };
  const draftOf = async (cookie = cookies.editor) =>
    (await call('GET', '/draft', { cookie })).json() as { draft: Draft | null; base: SiteContent | null };

  it('keeps a draft typed on a phone for the laptop, saying from where and when; only its editor sees it', async () => {
    const { version, document } = await live();
    expect((await draftOf()).draft).toBeNull();
    const changed = withJeeFee(document, 131_000);
    const saved = await call('PUT', '/draft', {
      agent: PHONE,
      payload: { basedOn: version, document: changed, revision: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1, device: 'phone' });

    const onLaptop = await draftOf();
    expect(onLaptop.draft).toMatchObject({ basedOn: version, revision: 1, device: 'phone' });
    expect(onLaptop.draft?.document).toEqual(changed);
    expect(Date.parse(onLaptop.draft?.savedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(onLaptop.base).toBeNull();

    // Another editor (an admin here) has none; a counsellor and a stranger reach none.
    expect((await draftOf(cookies.admin)).draft).toBeNull();
    expect((await call('GET', '/draft', { cookie: cookies.counsellor })).statusCode).toBe(403);
    expect((await call('GET', '/draft', { cookie: '' })).statusCode).toBe(401);
    const counsellor = await call('PUT', '/draft', {
      cookie: cookies.counsellor,
      payload: { basedOn: version, document: changed, revision: 0 },
    });
    expect(counsellor.statusCode).toBe(403);

    expect((await call('DELETE', '/draft')).statusCode).toBe(204);
    expect((await draftOf()).draft).toBeNull();
  });

  it('two devices saving from the same save: one is kept, the other is told and given the newer draft', async () => {
    const { version, document } = await live();
    const first = await call('PUT', '/draft', { payload: { basedOn: version, document, revision: 0 } });
    expect(first.statusCode).toBe(200);
    const [phone, laptop] = await Promise.all([
      call('PUT', '/draft', {
        agent: PHONE,
        payload: { basedOn: version, document: withJeeFee(document, 132_000), revision: 1 },
      }),
      call('PUT', '/draft', { payload: { basedOn: version, document: withJeeFee(document, 133_000), revision: 1 } }),
    ]);
    expect([phone.statusCode, laptop.statusCode].sort()).toEqual([200, 409]);
    const refused = phone.statusCode === 409 ? phone : laptop;
    const kept = phone.statusCode === 409 ? laptop : phone;
    const { error, draft } = refused.json() as { error: string; draft: Draft };
    expect(error).toMatch(/saved from another device/);
    expect(draft.revision).toBe(2);
    expect((await draftOf()).draft?.document).toEqual(withJeeFee(document, kept === phone ? 132_000 : 133_000));
    // Bad input is refused with a reason, and the draft stays as it was.
    for (const payload of [
      { basedOn: version, document, revision: -1 },
      { basedOn: version, document: 'not a document', revision: 2 },
      { basedOn: 'not an id', document, revision: 2 },
    ]) {
      const bad = await call('PUT', '/draft', { payload });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { error: string }).error).toBeTruthy();
    }
    expect((await draftOf()).draft?.revision).toBe(2);
    await call('DELETE', '/draft');
  });

  it('a draft made before someone else published comes back with the version it was made from; publishing it drops it', async () => {
    const before = await live();
    const mine = withJeeFee(before.document, 134_000);
    expect(
      (await call('PUT', '/draft', { payload: { basedOn: before.version, document: mine, revision: 0 } })).statusCode,
    ).toBe(200);
    // The admin publishes another change meanwhile.
    const theirs = structuredClone(before.document);
    theirs.copy.en.site.tagline = `${theirs.copy.en.site.tagline} Now in Kota too.`;
    const published = await call('PUT', '', {
      cookie: cookies.admin,
      payload: { basedOn: before.version, document: theirs },
    });
    expect(published.statusCode, published.body.slice(0, 300)).toBe(200);

    // Who published it, asked by the editor's page every 30 s.
    const asked = await call('GET', '/live');
    expect(asked.json()).toMatchObject({ version: (published.json() as { version: string }).version, author: 'admin' });
    expect((await live()).author).toBe('admin');

    const opened = await draftOf();
    expect(opened.draft?.basedOn).toBe(before.version);
    expect(opened.base).toEqual(before.document);

    // Published from the draft's save 1: dropped. A later save from another device would have stayed.
    const now = await live();
    const merged = withJeeFee(now.document, 134_000);
    const mine2 = await call('PUT', '/draft', {
      payload: { basedOn: now.version, document: merged, revision: 1 },
    });
    expect(mine2.statusCode).toBe(200);
    const publishedMine = await call('PUT', '', {
      payload: { basedOn: now.version, document: merged, draftRevision: 1 },
    });
    expect(publishedMine.statusCode, publishedMine.body.slice(0, 300)).toBe(200);
    expect((await draftOf()).draft?.revision).toBe(2);
    const latest = await live();
    const again = await call('PUT', '', {
      payload: { basedOn: latest.version, document: withJeeFee(latest.document, 135_000), draftRevision: 2 },
    });
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect((await draftOf()).draft).toBeNull();
  });
});
