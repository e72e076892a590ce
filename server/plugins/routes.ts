/**
 * Every route but the pages: the public enquiry API (and the token export), the health
 * check, the desk's own pages, its sign-in, its accounts, its enquiry work (and the Google Ads export), the site's content and
 * uploads (and the uploaded files, /media), and the
 * API's OpenAPI document (for staff). Each takes what it needs from the instance
 * (settings, repositories, the delivery worker).
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createCourseFacts } from '../course-fees';
import { deskMessageRoutes } from '../routes/desk-messages';
import { passwordCost } from '../staff/passwords';
import { deskAccountRoutes } from '../routes/desk-accounts';
import { deskAppRoutes } from '../routes/desk-app';
import { deskContentRoutes } from '../routes/desk-content';
import { deskAssignmentRoutes } from '../routes/desk-assignment';
import { deskAuthRoutes } from '../routes/desk-auth';
import { deskEnquiryRoutes } from '../routes/desk-enquiries';
import { deskFigureRoutes } from '../routes/desk-figures';
import { deskAdminToolRoutes } from '../routes/desk-admin-tools';
import { deskIntakeRoutes } from '../routes/desk-intake';
import { deskPushRoutes } from '../routes/desk-push';
import { sessionCookieName } from './authentication';
import { deskEventRoutes } from '../routes/desk-events';
import { deskGoogleAdsRoutes } from '../routes/desk-google-ads';
import { deskOpenApiRoutes, openApiOptions } from '../routes/desk-openapi';
import { deskUploadRoutes } from '../routes/desk-uploads';
import { enquiryRoutes } from '../routes/enquiries';
import { registrationRoutes } from '../routes/registrations';
import { phoneCodeRoutes } from '../routes/phone-codes';
import { findBookingRoutes } from '../routes/find-booking';
import { healthRoutes } from '../routes/health';
import { mediaRoutes } from '../routes/media';

export default async function routes(
  app: FastifyInstance,
  { deskDir, clientDir }: { deskDir: string; clientDir: string },
) {
  const { config, delivery } = app;
  const {
    enquiries,
    staff,
    sessions,
    throttle,
    audit,
    inbox,
    enquiryWork,
    dashboard,
    inboxExport,
    googleAds,
    outbox,
    content,
    uploads,
    notifications,
    deskSettings,
    registrations,
    registrationDesk,
    // The live content's sessions of the scholarship test and the demo class, and registrants' links.
    eventSessions,
    scholarship,
    registrationLinks: links,
    phoneCodes,
  } = app.repositories;
  // The live content's fees: an enrolment's worth to the ads, and the dashboard's fees.
  const facts = createCourseFacts(content);
  const fees = async (now?: Date) => (await facts(now)).feeOf;
  // A registrant is emailed their admit card and reminder when this server sends email.
  const emailRegistrants = delivery.channels.includes('admit-card');
  // First: it reads the schemas of the routes registered after it (GET /api/staff/openapi.json).
  await app.register(swagger, openApiOptions);
  await app.register(enquiryRoutes, {
    config,
    enquiries,
    audit,
    channels: delivery.channels,
    onStored: () => delivery.kick(),
    registrations,
    eventSessions,
    links,
    emailRegistrants,
    phoneCodes,
    verifyEnquiries: async () => (await deskSettings.get('verification')).enquiries,
  });
  await app.register(registrationRoutes, { registrations, eventSessions, links, emailRegistrants });
  await app.register(phoneCodeRoutes, { phoneCodes });
  await app.register(findBookingRoutes, { registrations, eventSessions, links, phoneCodes, emailRegistrants });
  await app.register(healthRoutes, { database: app.db, outbox, phoneCodes });
  await app.register(deskAppRoutes, { deskDir });
  await app.register(deskAuthRoutes, { config, staff, sessions, throttle, audit });
  await app.register(deskAccountRoutes, {
    staff,
    sessions,
    audit,
    throttle,
    passwordCost: passwordCost(config.STAFF_PASSWORD_COST),
  });
  await app.register(deskEnquiryRoutes, {
    inbox,
    enquiryWork,
    staff,
    notifications,
    emailOwner: delivery.channels.includes('assignee'),
    channels: delivery.channels,
    fees,
    onQueued: () => delivery.kick(),
  });
  await app.register(deskFigureRoutes, { dashboard, fees });
  await app.register(deskAdminToolRoutes, {
    config,
    inboxExport,
    enquiries,
    audit,
    outbox,
    onQueued: () => delivery.kick(),
  });
  await app.register(deskIntakeRoutes, { enquiries, channels: delivery.channels, onStored: () => delivery.kick() });
  await app.register(deskPushRoutes, {
    pushes: app.repositories.pushes,
    webPush: app.repositories.webPush,
    sessionCookie: sessionCookieName(config),
  });
  await app.register(deskGoogleAdsRoutes, { config, googleAds, fees, audit });
  await app.register(deskMessageRoutes, { deskSettings, enquiryWork, facts });
  await app.register(deskEventRoutes, {
    registrationDesk,
    registrations,
    channels: delivery.channels,
    eventSessions,
    scholarship,
    audit,
    exportsPerMinute: config.EXPORT_RATE_LIMIT,
  });
  await app.register(deskAssignmentRoutes, { staff, notifications, deskSettings, audit });
  await app.register(deskContentRoutes, { config, clientDir, content, uploads, audit });
  await app.register(deskUploadRoutes, { uploads, audit });
  await app.register(mediaRoutes, { uploads });
  await app.register(deskOpenApiRoutes);
}
