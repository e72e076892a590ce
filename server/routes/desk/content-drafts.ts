/**
 * Editors' drafts of the content on the server (issue 40): saved as they type (the desk sends
 * them a moment after the last key), opened again on any device the editor signs in on, with
 * where and when they were last saved. Each editor has one and sees only their own.
 *
 *   GET    /api/staff/content/draft   their draft, and the version it was made from when another is live
 *   PUT    /api/staff/content/draft   saves it, if no other device saved since (409 with the newer one)
 *   DELETE /api/staff/content/draft   discards it (?revision=N: only up to that save)
 *   GET    /api/staff/content/live    which version is live, since when and by whom (asked every 30 s while editing)
 *   POST   /api/staff/content/versions/:id/draft   makes a version (a cancelled one, say) the editor's draft
 *                                      again, to edit and schedule again (409 while they have another)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentEndpoints } from '../../../shared/schema/replies/content';
import type { ContentDraft } from '../../db/content-draft-repository';
import { signedIn } from '../../plugins/authentication';
import { deskRoute } from './endpoint';

/** The largest draft taken: the same as a publication (content.ts). */
export const DRAFT_BODY_LIMIT = 2 * 1024 * 1024;

/** What a draft was saved from, as the desk says it ("your changes from the phone"), by its browser's own account. */
export function deviceOf(userAgent: string | undefined): 'phone' | 'tablet' | 'computer' {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(agent)) return 'phone';
  return 'computer';
}

export async function deskContentDraftRoutes(
  app: FastifyInstance,
  {
    opened,
    startingDocument,
  }: {
    /** A stored document as the editor opens it (upgraded, content.ts). */
    opened: (stored: string) => unknown;
    /** The starting content as the editor opens it: the base of a draft made before any publication. */
    startingDocument: unknown;
  },
) {
  const { contentDrafts: drafts, content } = app.repositories;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: FastifyRequest) => signedIn(request).id;
  const shown = (draft: ContentDraft) => ({ ...draft, document: opened(draft.document) });

  api.route({
    ...deskRoute(contentEndpoints, 'GET /content/draft'),
    handler: async (request) => {
      const draft = await drafts.get(me(request));
      if (!draft) return { draft: null, base: null };
      const live = await content.latestId();
      if ((live ?? null) === draft.basedOn) return { draft: shown(draft), base: null };
      const base = draft.basedOn === null ? undefined : await content.get(draft.basedOn);
      return { draft: shown(draft), base: base ? opened(base.document) : startingDocument };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'GET /content/live'),
    handler: async () => {
      const live = await content.liveVersion();
      return { version: live?.id ?? null, liveFrom: live?.live_from ?? null, author: live?.author ?? null };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'PUT /content/draft', {
      config: {
        tooLarge: `This draft is larger than ${DRAFT_BODY_LIMIT / 1024 / 1024} MB, more than the site’s words and facts can be.`,
        // Saved a moment after typing stops: far fewer than this, unless a tab misbehaves.
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) => `drafts:${request.staff?.id ?? request.ip}`,
        },
      },
      bodyLimit: DRAFT_BODY_LIMIT,
    }),
    handler: async (request, reply) => {
      const { basedOn, document, revision } = request.body;
      const device = deviceOf(request.headers['user-agent']);
      const result = await drafts.save(me(request), { basedOn, document: JSON.stringify(document), revision, device });
      if (!result.saved) {
        return reply.code(409).send({
          error: 'These changes were saved from another device since: the newer ones are shown, with yours on top.',
          draft: result.current ? shown(result.current) : null,
        });
      }
      return { revision: result.revision, savedAt: result.savedAt, device };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'POST /content/versions/:id/draft'),
    handler: async (request, reply) => {
      const version = await content.get(request.params.id);
      if (!version) return reply.code(404).send({ error: 'There is no such version.' });
      const device = deviceOf(request.headers['user-agent']);
      // Made from the version it was made from: the desk carries it onto what is live now, asking where both changed a value.
      const saved = await drafts.save(me(request), {
        basedOn: version.based_on,
        document: JSON.stringify(opened(version.document)),
        revision: 0,
        device,
      });
      if (!saved.saved) {
        return reply.code(409).send({
          error: 'You have changes not yet published: publish or discard them first, then edit this version again.',
        });
      }
      return { revision: saved.revision, savedAt: saved.savedAt, device };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'DELETE /content/draft'),
    handler: async (request, reply) => {
      await drafts.remove(me(request), request.query.revision);
      return reply.code(204).send();
    },
  });
}
