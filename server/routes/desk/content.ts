/**
 * The site's content, for editors and admins (shared/schema/desk-vocabulary.ts):
 *
 *   GET    /api/staff/content                  the live version: { version (null: the build's
 *                                              starting content), liveFrom, document, scheduled }
 *   PUT    /api/staff/content                  { basedOn, document, note?, publishAt?, cancelScheduled?, draftRevision? }
 *                                              → { version, liveFrom, cancelled, carried }: publishes it now
 *                                              (or at publishAt, a day and time at the institute); a
 *                                              publication waiting for its time is carried onto one
 *                                              made now and stays scheduled
 *   POST   /api/staff/content/preview          an HTML form: document (JSON), path, day? → the page
 *                                              rendered from that document, for the desk's preview frame
 *   GET    /api/staff/content/versions         every version, newest first, with who, when and its state
 *   GET    /api/staff/content/versions/:id     one version, with what changed from the one it was made from
 *   POST   /api/staff/content/versions/:id/restore   { basedOn } → publishes that version's content again
 *                                              (:id `starting`: the starting content, so the first
 *                                              publication can be undone too)
 *   DELETE /api/staff/content/scheduled/:id    cancels a publication waiting for its time
 *
 * A publication is refused (400, each problem naming its field) unless it passes the check the
 * build runs on the content files (every language present, every schema rule, the claims
 * rules), and unless every page renders from it; 409 when someone published since `basedOn`,
 * or a scheduled publication carried onto it would not pass the checks. The check, the starting content and the renderer
 * come from the build's own server bundle (its entry exports them: src/entry.server.tsx), so
 * the server checks exactly what the pages are made from. Each instance renders its pages
 * from the live version within CONTENT_CHECK_MS (the pages plugin). Every change is in the
 * audit trail.
 */
import { asServed } from '../../content/content-words';
import { upgradeContent } from '../../../src/content/server-words';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describeChanges } from '../../../shared/content-change-words';
import { mergeContent } from '../../../shared/content-merge';
import { formatInstituteTime, localDate, startOfLocalDay } from '../../../shared/institute-calendar';
import { cleanTextsIn } from '../../../shared/schema/text';
import { contentEndpoints } from '../../../shared/schema/replies/content';
import { CONTENT_BODY_LIMIT, contentDocument } from '../../../shared/schema/content-requests';
import type { ScheduledVersion } from '../../db/content-repository';
import { signedIn } from '../../plugins/authentication';
import { escapeHtml } from '../../escape-html';
import { pageCsp } from '../../site/security';
import { checkContent, pageProblems, renderPages, siteFacts } from '../../site/renderer';
import { serverBuildOf } from '../../site/site-render';
import { deskContentDraftRoutes } from './content-drafts';
import { deskRoute } from './endpoint';

/** What the desk calls the starting content (src/content/) among the versions: it restores like one. */
export const STARTING_CONTENT = 'starting';

/** How far ahead a publication may be scheduled. */
const LONGEST_SCHEDULE_DAYS = 366;

/** The moment a day and time at the institute is. */
const momentAt = ({ day, time }: { day: string; time: string }) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(startOfLocalDay(day).getTime() + (hours * 60 + minutes) * 60_000);
};

/** The page as a browser first paints it, without its scripts; a link in it opens the real page in a new tab. */
const forPreview = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('<head>', '<head><base target="_blank">');

/** Every upload the facts name (a portrait, the prospectus: `{ upload, use, … }`), with its path. */
function* uploadsNamed(value: unknown, path: string): Generator<{ path: string; upload: string; use: unknown }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* uploadsNamed(item, `${path}.${i}`);
  } else if (value && typeof value === 'object') {
    if ('upload' in value && typeof value.upload === 'string') {
      yield { path, upload: value.upload, use: 'use' in value ? value.use : undefined };
      return;
    }
    for (const [key, item] of Object.entries(value)) yield* uploadsNamed(item, `${path}.${key}`);
  }
}

/** The most HTML one page may be once rendered (the largest today is about 150 KB, a Hindi course page). */
export const PAGE_BYTES_MAX = 400 * 1024;

/** Registered only over a build with its server bundle (a test's miniature build has none). */
export async function deskContentRoutes(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const { config } = app;
  const { content, uploads, audit } = app.repositories;
  const serverBuild = serverBuildOf(clientDir);
  if (!serverBuild) return;
  // From the rendering thread, which has the build's bundle loaded (this thread never loads it).
  const { startingContent, pagePaths } = await siteFacts(serverBuild.file);
  const validateContent = (words: unknown, institute: unknown) => checkContent(serverBuild.file, words, institute);
  /**
   * An editor's publications and previews each take the server's rendering thread for a while:
   * a few a minute per member of staff (counted once they are signed in), refused with a reason.
   */
  const editingAtMost = (max: number, what: string) => ({
    config: {
      tooLarge: `This version is larger than ${CONTENT_BODY_LIMIT / 1024 / 1024} MB, more than the site’s words and facts can be. Shorten its lists or texts.`,
      rateLimit: {
        max,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => `${what}:${request.staff?.id ?? request.ip}`,
        // Thrown to the app's error handler, which sends { error: message }.
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          message: `That is ${max} ${what} in a minute, the most one person may make. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        }),
      },
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: FastifyRequest) => signedIn(request).id;
  /** A stored version as the editor opens it: upgraded to today's schema, the operator's facts as the code has them. */
  const opened = (stored: string) => asServed(JSON.parse(stored), startingContent);
  const logRenderFailure = (error: unknown) => app.log.error({ err: error }, 'rendering a content version failed');
  await app.register(deskContentDraftRoutes, { opened, startingDocument: asServed(startingContent, startingContent) });

  /**
   * What stops a document being published: each problem the content check finds, naming its
   * field; then, if there are none, a page that cannot be rendered from it on `day`.
   */
  const problemsWith = async (document: z.output<typeof contentDocument>, day: string) => {
    const problems = await validateContent(document.copy, document.institute);
    if (problems.length > 0) return problems;
    // An uploaded file it names must be in the database, uploaded for that use.
    const named = [...uploadsNamed(document.institute, 'institute')];
    const found = await uploads.found(named.map((each) => each.upload));
    for (const { path, upload, use } of named) {
      const stored = found.get(upload);
      if (!stored) problems.push(`${path}: the uploaded file ${upload} is not there. Upload it again.`);
      else if (stored.use !== use)
        problems.push(`${path}: the uploaded file was uploaded as a ${stored.use}, not a ${String(use)}.`);
    }
    if (problems.length > 0) return problems;
    try {
      // Checked in the rendering thread, which keeps the rendering for serving it (server/site/renderer.ts).
      const pages = await pageProblems(serverBuild.file, pagePaths, day, document);
      // No page heavier than a phone on a weak signal should load (the lists' maximums keep most under it).
      return pages.flatMap(({ path, scripts, bytes }) => {
        if (scripts) return [`${path}: the page cannot be published: ${scripts}.`];
        return bytes > PAGE_BYTES_MAX
          ? [
              `${path}: the page would be ${Math.ceil(bytes / 1024)} KB, more than the ${PAGE_BYTES_MAX / 1024} KB a page may be. Shorten its lists or texts.`,
            ]
          : [];
      });
    } catch (error) {
      logRenderFailure(error);
      return [`The pages could not be made from this content (${(error as Error).message}). Nothing was published.`];
    }
  };

  const scheduledWords = (scheduled: ScheduledVersion) =>
    `A publication by ${scheduled.author ?? 'someone'} is scheduled for ${formatInstituteTime(scheduled.live_from)}`;

  /**
   * The publication waiting for its time, carried onto `document` (published now): its own
   * changes replayed onto it (shared/content-merge.ts); where both changed a value, the
   * scheduled one's stands, as it is what its editor chose for that time. With what the checks
   * find in it on its day, and the values it keeps.
   */
  const carriedOnto = async (document: unknown, waiting: ScheduledVersion) => {
    const stored = await content.get(waiting.id);
    if (!stored) return undefined;
    const basis = stored.based_on ? await content.get(stored.based_on) : undefined;
    const base = basis ? opened(basis.document) : asServed(startingContent, startingContent);
    const scheduled = opened(stored.document);
    const merged = mergeContent(base, scheduled, document, new Map(), 'mine');
    const { conflicts } = merged;
    const carried = contentDocument.parse(merged.document);
    const problems = await problemsWith(carried, localDate(new Date(waiting.live_from)));
    return { from: waiting.id, document: carried, problems, keeps: conflicts.map((conflict) => conflict.path) };
  };

  api.route({
    ...deskRoute(contentEndpoints, 'GET /content'),
    handler: async () => {
      const [latest, live, scheduled] = await Promise.all([
        content.latest(),
        content.liveVersion(),
        content.scheduled(),
      ]);
      const author = latest && live?.id === latest.id ? live.author : null;
      return {
        version: latest?.id ?? null,
        liveFrom: latest?.live_from ?? null,
        author: author ?? null,
        document: latest ? opened(latest.document) : asServed(startingContent, startingContent),
        scheduled: scheduled ?? null,
      };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'PUT /content', {
      ...editingAtMost(config.PUBLICATION_RATE_LIMIT, 'publications'),
      bodyLimit: CONTENT_BODY_LIMIT,
    }),
    handler: async (request, reply) => {
      const { basedOn, note, publishAt, cancelScheduled, draftRevision } = request.body;
      // The same cleaning as every text from outside: no control or direction characters. A draft
      // opened before an upgrade of the content's schema is upgraded as a stored version is.
      const document = upgradeContent(cleanTextsIn(request.body.document), startingContent);
      const now = new Date();
      const liveFrom = publishAt && momentAt(publishAt);
      if (liveFrom && liveFrom <= now) {
        return reply.code(400).send({
          error: 'That time has passed: choose a later one, or publish now.',
          problems: [],
        });
      }
      if (liveFrom && liveFrom.getTime() - now.getTime() > LONGEST_SCHEDULE_DAYS * 86_400_000) {
        return reply.code(400).send({ error: 'Schedule a publication at most a year ahead.', problems: [] });
      }
      const problems = await problemsWith(document, localDate(liveFrom ?? now));
      if (problems.length > 0) {
        return reply.code(400).send({ error: 'The content has problems: nothing was published.', problems });
      }
      const stored = { schemaVersion: document.schemaVersion, copy: document.copy, institute: document.institute };
      const waiting = liveFrom || cancelScheduled ? undefined : await content.scheduled(now);
      const carry = waiting && (await carriedOnto(stored, waiting));
      if (waiting && carry && carry.problems.length > 0) {
        return reply.code(409).send({
          error: `${scheduledWords(waiting)}, made before your changes. With them it would not pass the checks (${carry.problems.slice(0, 3).join(' ')}). Publish and cancel it, or wait. Nothing was published.`,
          version: basedOn,
          scheduled: waiting,
        });
      }
      const result = await content.publish(stored, {
        basedOn: basedOn ?? undefined,
        authorId: me(request),
        note: note ?? null,
        liveFrom,
        cancelScheduled,
        carry,
        now,
      });
      if (!result.published && result.reason === 'stale') {
        return reply.code(409).send({
          error: 'Someone published the content since you opened it: nothing was published. Open it again.',
          version: result.latestId ?? null,
          scheduled: null,
        });
      }
      if (!result.published) {
        return reply.code(409).send({
          error: liveFrom
            ? `${scheduledWords(result.scheduled)}: cancel it before scheduling another. Nothing was published.`
            : `${scheduledWords(result.scheduled)}, made before your changes: it would undo them when it goes live. Publish and cancel it, or wait. Nothing was published.`,
          version: basedOn,
          scheduled: result.scheduled,
        });
      }
      if (result.cancelled) {
        await audit.record({ actorId: me(request), action: 'content-cancelled', to: result.cancelled.id });
      }
      if (result.carried) {
        await audit.record({
          actorId: me(request),
          action: 'content-carried',
          from: carry?.from,
          to: result.carried.id,
        });
      }
      await audit.record({
        actorId: me(request),
        action: liveFrom ? 'content-scheduled' : 'content-published',
        field: liveFrom?.toISOString(),
        to: result.id,
      });
      if (draftRevision !== undefined) await app.repositories.contentDrafts.remove(me(request), draftRevision);
      return {
        version: result.id,
        liveFrom: (liveFrom ?? now).toISOString(),
        cancelled: result.cancelled ?? null,
        carried: result.carried ? { ...result.carried, keeps: carry?.keeps ?? [] } : null,
      };
    },
  });

  // The preview is a page, posted by a form into the desk's frame: rendered from the draft,
  // shown with no script running (its CSP), framed by the desk only, never stored.
  api.route({
    ...deskRoute(contentEndpoints, 'POST /content/preview', {
      ...editingAtMost(config.PREVIEW_RATE_LIMIT, 'previews'),
      bodyLimit: CONTENT_BODY_LIMIT,
    }),
    handler: async (request, reply) => {
      const { path, day = localDate(new Date()) } = request.body;
      const page = pagePaths.includes(path) ? path : undefined;
      let document: unknown;
      try {
        document = JSON.parse(request.body.document);
      } catch {
        document = undefined;
      }
      const parsed = contentDocument.safeParse(upgradeContent(cleanTextsIn(document), startingContent));
      const problems = !page
        ? [`${path} is not a page of the site.`]
        : !parsed.success
          ? ['The draft is not a content document.']
          : await validateContent(parsed.data.copy, parsed.data.institute);
      let html: string;
      if (problems.length > 0 || !page || !parsed.success) {
        reply.code(400);
        html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview</title><body style="font:14px/1.5 sans-serif;padding:16px"><h1 style="font-size:16px">This draft cannot be shown yet</h1><ul>${problems.map((problem) => `<li>${escapeHtml(problem)}</li>`).join('')}</ul></body></html>`;
      } else {
        try {
          // Its scripts (hydration, the pixel) are taken out, and its policy below would stop any left.
          html = forPreview((await renderPages(serverBuild.file, [page], day, parsed.data)).html.get(page) ?? '');
        } catch (error) {
          logRenderFailure(error);
          reply.code(400);
          html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview</title><body><p>This page could not be made from the draft (${escapeHtml((error as Error).message)}).</p></body></html>`;
        }
      }
      const csp = pageCsp(html, false)
        .replace(/script-src [^;]*/, "script-src 'none'")
        .replace("frame-ancestors 'none'", "frame-ancestors 'self'");
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', csp)
        .header('X-Frame-Options', 'SAMEORIGIN')
        .send(html);
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'GET /content/versions'),
    handler: async () => ({ versions: await content.list() }),
  });

  api.route({
    ...deskRoute(contentEndpoints, 'GET /content/versions/:id'),
    handler: async (request, reply) => {
      const version = await content.get(request.params.id);
      if (!version) return reply.code(404).send({ error: 'There is no such version.' });
      const basis = version.based_on ? await content.get(version.based_on) : undefined;
      const before = basis ? (JSON.parse(basis.document) as unknown) : startingContent;
      return {
        id: version.id,
        live_from: version.live_from ?? version.published_at,
        groups: describeChanges(before, JSON.parse(version.document)),
      };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'POST /content/versions/:id/restore', {
      ...editingAtMost(config.PUBLICATION_RATE_LIMIT, 'publications'),
    }),
    handler: async (request, reply) => {
      const version =
        request.params.id === STARTING_CONTENT
          ? { document: JSON.stringify(startingContent), note: 'Restores the starting content' }
          : await content.get(request.params.id).then(
              (found) =>
                found && {
                  document: found.document,
                  note: `Restores the version of ${formatInstituteTime(found.live_from ?? found.published_at)}`,
                },
            );
      if (!version) return reply.code(404).send({ error: 'There is no such version.' });
      const document = contentDocument.parse(asServed(JSON.parse(version.document), startingContent));
      const problems = await problemsWith(document, localDate(new Date()));
      if (problems.length > 0) {
        return reply.code(400).send({
          error: 'That version does not pass today’s checks, so it cannot be restored as it is.',
          problems,
        });
      }
      const result = await content.publish(document, {
        basedOn: request.body.basedOn ?? undefined,
        authorId: me(request),
        note: version.note,
      });
      if (!result.published) {
        return reply.code(409).send({
          error:
            result.reason === 'stale'
              ? 'Someone published the content since you opened it: nothing was restored. Open it again.'
              : `${scheduledWords(result.scheduled)}: cancel it before restoring. Nothing was restored.`,
          version: result.reason === 'stale' ? (result.latestId ?? null) : request.body.basedOn,
        });
      }
      await audit.record({ actorId: me(request), action: 'content-restored', from: request.params.id, to: result.id });
      return { version: result.id };
    },
  });

  api.route({
    ...deskRoute(contentEndpoints, 'DELETE /content/scheduled/:id'),
    handler: async (request, reply) => {
      const cancelled = await content.cancel(request.params.id, { by: me(request) });
      if (!cancelled) {
        return reply
          .code(409)
          .send({ error: 'That publication is not waiting any more: it went live or was cancelled.' });
      }
      await audit.record({ actorId: me(request), action: 'content-cancelled', to: request.params.id });
      return reply.code(204).send(null);
    },
  });
}
