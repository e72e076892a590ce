/**
 * The site's content, for admins (the editor role and the desk's editing pages come next):
 *
 *   GET /api/staff/content    the newest published version: { version (null: the build's
 *                             starting content), document }
 *   PUT /api/staff/content    { basedOn, document, note? } → { version }: publishes it, once it
 *                             passes the same check the build runs on the content files (every
 *                             language present, every schema rule, the claims rules), or 400
 *                             with each problem naming its field; 409 when someone published
 *                             since `basedOn`
 *
 * The check and the starting content come from the build's own server bundle (its entry
 * exports them: src/entry.server.tsx), so the server checks exactly what the pages are made
 * from. Each instance renders its pages from a new version within CONTENT_CHECK_MS (the
 * pages plugin). Every publication is in the audit trail.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../shared/schema/text';
import { errorReply, storedText } from '../../shared/schema/replies';
import type { AuditLog } from '../db/audit-log';
import type { ContentRepository } from '../db/content-repository';
import { DESK_API, signedIn } from '../plugins/authentication';
import { loadSiteBundle, serverBuildOf } from '../site-render';

/** The largest content document taken (today's is about 150 KB). */
const CONTENT_BODY_LIMIT = 2 * 1024 * 1024;

const publication = z.object({
  basedOn: z.uuid().nullable(),
  document: z.looseObject({ copy: z.unknown(), institute: z.unknown() }),
  note: text().max(500).optional(),
});

const contentReply = z.object({ version: storedText().nullable(), document: z.unknown() });
const problemsReply = errorReply.extend({ problems: z.array(storedText()) });

/** Registered only over a build with its server bundle (a test's miniature build has none). */
export async function deskContentRoutes(
  app: FastifyInstance,
  { clientDir, content, audit }: { clientDir: string; content: ContentRepository; audit: AuditLog },
) {
  const serverBuild = serverBuildOf(clientDir);
  if (!serverBuild) return;
  const { startingContent, validateContent } = await loadSiteBundle(serverBuild.file);
  const admin = { config: { desk: { role: 'admin' as const } } };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${DESK_API}/content`,
    { ...admin, schema: { response: { 200: contentReply, '4xx': errorReply } } },
    async () => {
      const latest = await content.latest();
      if (latest) return { version: latest.id, document: JSON.parse(latest.document) as unknown };
      return { version: null, document: startingContent };
    },
  );

  api.put(
    `${DESK_API}/content`,
    {
      ...admin,
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        body: publication,
        response: {
          200: z.object({ version: storedText() }),
          400: problemsReply,
          409: errorReply.extend({ version: storedText().nullable() }),
          '4xx': errorReply,
        },
      },
    },
    async (request, reply) => {
      const { basedOn, document, note } = request.body;
      const problems = validateContent(document.copy, document.institute);
      if (problems.length > 0) {
        return reply.code(400).send({ error: 'The content has problems: nothing was published.', problems });
      }
      const result = await content.publish(
        { copy: document.copy, institute: document.institute },
        { basedOn: basedOn ?? undefined, authorId: signedIn(request).id, note: note ?? null },
      );
      if (!result.published) {
        return reply.code(409).send({
          error: 'Someone published the content since you opened it: nothing was published. Open it again.',
          version: result.latestId ?? null,
        });
      }
      await audit.record({ actorId: signedIn(request).id, action: 'content-published', to: result.id });
      return { version: result.id };
    },
  );
}
