/**
 * Files staff upload, for editors and admins (shared/schema/desk-vocabulary.ts):
 *
 *   POST /api/staff/uploads?use=portrait|hero|student|prospectus|consent   the file itself as the
 *        body (any Content-Type: what it is is read from its bytes) → { id, use, width, height,
 *        files, reference }: `reference` is what the content names it by (shared/schema/uploads.ts)
 *   GET  /api/staff/uploads/<upload id>/consent.pdf|consent.jpeg   a consent form's scan
 *
 * A photo must be a JPEG, PNG or WebP (its first bytes, then sharp's full decode, agree), at
 * most MAX_UPLOAD_BYTES and MAX_PHOTO_PIXELS, and at least the use's largest width; it is made
 * into the use's widths and formats with no metadata (server/uploads/photos.ts). The
 * prospectus must be a PDF with no script or automatic action (server/uploads/pdf.ts). SVG,
 * HEIC (phones send JPEG through a browser's file picker) and anything else is refused with
 * a 400 that says why. Nothing is published by uploading: the editor puts the reference in the
 * draft, and the publication's check makes sure it names an upload that is there. Every upload
 * is in the audit trail. Its files are served by routes/public/media.ts.
 *
 * The scan of a student's signed consent (`use=consent`, issue 40) is a PDF checked as the
 * prospectus is, or a photo of the form kept upright and legible with no metadata
 * (server/uploads/scan.ts). It is personal data: a private upload, which /media never serves; it
 * is served here only, to signed-in staff with the content role (checked on every request by the
 * authentication plugin: 401 signed out, 403 for a counsellor), never cached.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paths } from '../../../shared/paths';
import { isPhotoUse } from '../../../shared/photos';
import { contentEndpoints } from '../../../shared/schema/replies/content';
import type { UploadFile } from '../../db/upload-repository';
import { signedIn } from '../../plugins/authentication';
import { checkPdf, PdfRefused, PdfUnchecked } from '../../uploads/pdf';
import { makePhoto, PhotoRefused } from '../../uploads/photos';
import { makeScan } from '../../uploads/scan';
import { sniff } from '../../uploads/sniff';
import { MEDIA_CSP } from '../public/media';
import { deskRoute } from './endpoint';

/** The largest file taken: a phone's photo is 2–6 MB, a prospectus a few. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Uploads one member of staff may send in a minute, and bytes in a day (what is kept in the database: issue 38, M8). */
export const UPLOADS_PER_MINUTE = 30;
export const UPLOAD_BYTES_PER_DAY = 150 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Photos being made at once on this instance (each takes a core and ~100 MB while it is made). */
const MAX_AT_ONCE = 2;

const HUMAN_MB = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

export async function deskUploadRoutes(app: FastifyInstance) {
  const { uploads, audit } = app.repositories;
  // This plugin's routes only (Fastify keeps parsers to the plugin): the body is the file's
  // bytes whatever its Content-Type says. Read only once the session, role and origin are
  // checked (the authentication plugin checks them as the request arrives).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  let working = 0;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...deskRoute(contentEndpoints, 'POST /uploads', {
      config: {
        desk: { beforeBody: true },
        tooLarge: `This file is larger than ${HUMAN_MB}. Send a smaller photo (a phone's camera photo is smaller), or a smaller PDF.`,
        // Per member of staff (signed in as the request arrives), once the headers are checked.
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preParsing',
          keyGenerator: (request: FastifyRequest) => `uploads:${request.staff?.id ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
            statusCode: 429,
            message: `That is ${UPLOADS_PER_MINUTE} uploads in a minute, the most one person may send. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          }),
        },
      },
      bodyLimit: MAX_UPLOAD_BYTES,
    }),
    handler: async (request, reply) => {
      const { use } = request.query;
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.code(400).send({ error: 'Send the file itself as the request body.' });
      }
      const originalName = request.query.name || 'upload';
      const sha256 = createHash('sha256').update(body).digest('hex');
      const type = sniff(body);
      const member = signedIn(request);
      const today = await uploads.bytesUploadedBy(member.id, new Date(Date.now() - DAY_MS));
      if (today + body.length > UPLOAD_BYTES_PER_DAY) {
        return reply.code(429).send({
          error: `You have uploaded ${Math.round(today / 1024 / 1024)} MB in the last 24 hours; the most is ${UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB a day. Upload it tomorrow, or send a smaller file.`,
        });
      }

      if (use === 'prospectus') {
        if (type !== 'pdf') {
          return reply.code(400).send({
            error: `This file is not a PDF${type ? ` (it is a ${type.toUpperCase()} image)` : ''}, whatever its name says. The prospectus must be a PDF.`,
          });
        }
        try {
          await checkPdf(body);
        } catch (error) {
          if (error instanceof PdfRefused) return reply.code(400).send({ error: error.message });
          if (error instanceof PdfUnchecked) {
            request.log.error({ err: error }, 'a prospectus could not be checked');
            return reply.code(503).send({
              error: 'This server cannot check PDFs just now, so it cannot take one. Tell the site’s operator.',
            });
          }
          throw error;
        }
        const file = { name: 'prospectus.pdf', contentType: 'application/pdf', bytes: body };
        const id = await uploads.add({
          kind: 'pdf',
          use,
          originalName,
          originalBytes: body.length,
          sha256,
          uploadedBy: member.id,
          files: [file],
        });
        await audit.record({ actorId: member.id, action: 'upload-added', field: use, to: id });
        return reply.code(201).send({
          id,
          use,
          width: null,
          height: null,
          files: [
            { name: file.name, url: paths.media(id, file.name), contentType: file.contentType, bytes: body.length },
          ],
          reference: { upload: id, use, file: file.name, bytes: body.length },
        });
      }

      if (use === 'consent') {
        let file: UploadFile;
        let size: { width: number; height: number } | undefined;
        if (type === 'pdf') {
          try {
            await checkPdf(body);
          } catch (error) {
            if (error instanceof PdfRefused) return reply.code(400).send({ error: error.message });
            if (error instanceof PdfUnchecked) {
              request.log.error({ err: error }, 'a consent scan could not be checked');
              return reply.code(503).send({
                error:
                  'This server cannot check PDFs just now, so it cannot take one. Send a photo of the signed form instead, or tell the site’s operator.',
              });
            }
            throw error;
          }
          file = { name: 'consent.pdf', contentType: 'application/pdf', bytes: body };
        } else if (type === 'jpeg' || type === 'png' || type === 'webp') {
          if (working >= MAX_AT_ONCE) {
            return reply
              .code(503)
              .header('Retry-After', '5')
              .send({ error: 'Other photos are being processed right now. Try again in a few seconds.' });
          }
          working += 1;
          try {
            const made = await makeScan(body, type);
            file = made.file;
            size = { width: made.width, height: made.height };
          } catch (error) {
            if (error instanceof PhotoRefused) return reply.code(400).send({ error: error.message });
            throw error;
          } finally {
            working -= 1;
          }
        } else {
          return reply.code(400).send({
            error:
              type === 'heic'
                ? 'This is a HEIC photo, which the site cannot read. Choose it through the browser on the phone (it sends JPEG), or set the camera to "Most Compatible".'
                : 'This file is neither a PDF nor a JPEG, PNG or WebP photo, whatever its name says. Send the scan of the signed form as a PDF, or a photo of it.',
          });
        }
        const id = await uploads.add({
          kind: type === 'pdf' ? 'pdf' : 'photo',
          use,
          originalName,
          originalBytes: body.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          sha256,
          uploadedBy: member.id,
          files: [file],
        });
        await audit.record({ actorId: member.id, action: 'upload-added', field: use, to: id });
        return reply.code(201).send({
          id,
          use,
          width: size?.width ?? null,
          height: size?.height ?? null,
          files: [
            {
              name: file.name,
              url: paths.consentScan(id, file.name),
              contentType: file.contentType,
              bytes: file.bytes.length,
            },
          ],
          reference: { upload: id, use, file: file.name, bytes: file.bytes.length },
        });
      }

      if (!isPhotoUse(use)) return reply.code(400).send({ error: 'Say what the file is for.' });
      if (type === 'heic') {
        return reply.code(400).send({
          error:
            'This is a HEIC photo, which the site cannot read. Choose it through the browser on the phone (it sends JPEG), or set the camera to "Most Compatible".',
        });
      }
      if (type !== 'jpeg' && type !== 'png' && type !== 'webp') {
        return reply.code(400).send({
          error:
            type === 'pdf'
              ? 'This is a PDF, not a photo. Send a JPEG, PNG or WebP photo.'
              : 'This file is not a JPEG, PNG or WebP photo, whatever its name says (SVG and other drawings are not taken). Send a photo.',
        });
      }
      if (working >= MAX_AT_ONCE) {
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ error: 'Other photos are being processed right now. Try again in a few seconds.' });
      }
      working += 1;
      let made;
      const started = performance.now();
      try {
        made = await makePhoto(body, type, use);
      } catch (error) {
        if (error instanceof PhotoRefused) return reply.code(400).send({ error: error.message });
        throw error;
      } finally {
        working -= 1;
      }
      const id = await uploads.add({
        kind: 'photo',
        use,
        originalName,
        originalBytes: body.length,
        width: made.width,
        height: made.height,
        sha256,
        uploadedBy: member.id,
        files: made.files,
      });
      request.log.info(
        { uploadId: id, use, bytes: body.length, ms: Math.round(performance.now() - started) },
        'photo uploaded',
      );
      await audit.record({ actorId: member.id, action: 'upload-added', field: use, to: id });
      return reply.code(201).send({
        id,
        use,
        width: made.width,
        height: made.height,
        files: made.files.map((file) => ({
          name: file.name,
          url: paths.media(id, file.name),
          contentType: file.contentType,
          bytes: file.bytes.length,
        })),
        reference: { upload: id, ...made.reference },
      });
    },
  });
  // A consent form's scan, to staff with the content role only (the authentication plugin refuses
  // anyone else, on every request); never cached, never under /media.
  api.route({
    ...deskRoute(contentEndpoints, 'GET /uploads/:id/:file'),
    handler: async (request, reply) => {
      const { id, file } = request.params;
      const stored = await uploads.privateFile(id, file);
      if (!stored) return reply.code(404).send({ error: 'There is no such scan. Upload the signed form again.' });
      return reply
        .header('Content-Type', stored.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', MEDIA_CSP)
        .header('Content-Disposition', `inline; filename="${file}"`)
        .header('Cache-Control', 'private, no-store')
        .send(stored.bytes);
    },
  });
}
