/**
 * Every route but the pages: the public enquiry API (and the token export), the health
 * check, the desk's own pages, its sign-in, its accounts, its enquiry work (and the Google Ads export), the site's content and
 * uploads (and the uploaded files, /media), and the
 * API's OpenAPI document (for staff). Each takes what it needs from the instance
 * (`app.config`, `app.repositories`, `app.delivery`); only the build's folders are passed.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { deskMessageRoutes } from '../routes/desk/messages';
import { deskAccountRoutes } from '../routes/desk/accounts';
import { deskAppRoutes } from '../routes/desk/app';
import { deskContentRoutes } from '../routes/desk/content';
import { deskAssignmentRoutes } from '../routes/desk/assignment';
import { deskAuthRoutes } from '../routes/desk/auth';
import { deskEnquiryRoutes } from '../routes/desk/enquiries';
import { deskFigureRoutes } from '../routes/desk/figures';
import { deskAdminToolRoutes } from '../routes/desk/admin-tools';
import { deskIntakeRoutes } from '../routes/desk/intake';
import { deskPushRoutes } from '../routes/desk/push';
import { deskEventRoutes } from '../routes/desk/events';
import { deskGoogleAdsRoutes } from '../routes/desk/google-ads';
import { deskOpenApiRoutes, openApiOptions } from '../routes/desk/openapi';
import { deskUploadRoutes } from '../routes/desk/uploads';
import { bookingRoutes } from '../routes/public/booking';
import { enquiryRoutes } from '../routes/public/enquiries';
import { registrationRoutes } from '../routes/public/registrations';
import { phoneCodeRoutes } from '../routes/public/phone-codes';
import { findBookingRoutes } from '../routes/public/find-booking';
import { healthRoutes } from '../routes/public/health';
import { mediaRoutes } from '../routes/public/media';

export default async function routes(
  app: FastifyInstance,
  { deskDir, clientDir }: { deskDir: string; clientDir: string },
) {
  // First: it reads the schemas of the routes registered after it (GET /api/staff/openapi.json).
  await app.register(swagger, openApiOptions);
  await app.register(enquiryRoutes);
  await app.register(bookingRoutes);
  await app.register(registrationRoutes);
  await app.register(phoneCodeRoutes);
  await app.register(findBookingRoutes);
  await app.register(healthRoutes);
  await app.register(deskAppRoutes, { deskDir });
  await app.register(deskAuthRoutes);
  await app.register(deskAccountRoutes);
  await app.register(deskEnquiryRoutes);
  await app.register(deskFigureRoutes);
  await app.register(deskAdminToolRoutes);
  await app.register(deskIntakeRoutes);
  await app.register(deskPushRoutes);
  await app.register(deskGoogleAdsRoutes);
  await app.register(deskMessageRoutes);
  await app.register(deskEventRoutes);
  await app.register(deskAssignmentRoutes);
  await app.register(deskContentRoutes, { clientDir });
  await app.register(deskUploadRoutes);
  await app.register(mediaRoutes);
  await app.register(deskOpenApiRoutes);
}
