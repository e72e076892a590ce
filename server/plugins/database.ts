/**
 * The database and the repositories over it, on the instance: `app.db`, `app.repositories`.
 * A database the caller opened stays open; one opened here (DATABASE_URL) closes with the app,
 * after every other plugin's onClose (they are run last registered first).
 */
import { createPushRepository, type PushRepository } from '../db/push-repository';
import { createWebPush, type WebPush } from '../push/web-push';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditLog, type AuditLog } from '../db/audit-log';
import { createCourseFacts, type CurrentCourseFacts } from '../content/course-fees';
import { createContentRepository, type ContentRepository } from '../db/content-repository';
import { type Db, openDatabase } from '../db/database';
import { createDashboardRepository, type DashboardRepository } from '../db/dashboard-repository';
import { createDeskSettingsRepository, type DeskSettingsRepository } from '../db/desk-settings-repository';
import { createRegistrationRepository, type RegistrationRepository } from '../db/registration-repository';
import { createRegistrationDeskRepository, type RegistrationDeskRepository } from '../db/registration-desk-repository';
import { createEnquiryRepository, type EnquiryRepository } from '../db/enquiry-repository';
import { createEnquiryWorkRepository, type EnquiryWorkRepository } from '../db/enquiry-work-repository';
import { createGoogleAdsRepository, type GoogleAdsRepository } from '../db/google-ads-repository';
import { createInboxExportRepository, type InboxExportRepository } from '../db/inbox-export-repository';
import { createInboxRepository, type InboxRepository } from '../db/inbox-repository';
import { createNotificationsRepository, type NotificationsRepository } from '../db/notifications-repository';
import { createPageChangesRepository, type PageChangesRepository } from '../db/page-changes-repository';
import { createSignInThrottle, type SignInThrottle } from '../db/sign-in-throttle';
import { createStaffRepository, type StaffRepository } from '../db/staff-repository';
import { createStaffSessionRepository, type StaffSessionRepository } from '../db/staff-session-repository';
import { createUploadRepository, type UploadRepository } from '../db/upload-repository';
import { createOutbox, type Outbox } from '../delivery/outbox';
import { createContentDraftRepository, type ContentDraftRepository } from '../db/content-draft-repository';
import { createEventSessions, type EventSessions } from '../registrations/event-sessions';
import { createScholarship, type CurrentScholarship } from '../registrations/scholarship';
import { createPhoneCodes, type PhoneCodes } from '../phone-codes/phone-codes';
import { type CodeSender, codeSenderFor } from '../phone-codes/senders';
import { createRegistrationLinks, type RegistrationLinks } from '../registrations/registration-links';

export type Repositories = {
  enquiries: EnquiryRepository;
  staff: StaffRepository;
  sessions: StaffSessionRepository;
  throttle: SignInThrottle;
  audit: AuditLog;
  /** The desk's inbox, its work on one enquiry, Today and the dashboard, and its export. */
  inbox: InboxRepository;
  enquiryWork: EnquiryWorkRepository;
  dashboard: DashboardRepository;
  inboxExport: InboxExportRepository;
  /** Enrolments that came from a Google ad (the Google Ads export). */
  googleAds: GoogleAdsRepository;
  /** Every stored enquiry is also written to the outbox (same transaction); the worker sends it. */
  outbox: Outbox;
  /** The site's published content versions: the pages show the newest. */
  content: ContentRepository;
  /** Files staff uploaded (photos, the prospectus) and what is served for each. */
  uploads: UploadRepository;
  /** When each page last changed (sitemap.xml's lastmod). */
  pageChanges: PageChangesRepository;
  /** What staff are told on the desk (a lead assigned to them, a family that asked again). */
  notifications: NotificationsRepository;
  /** What admins set on the desk (assignment, the first-contact target). */
  deskSettings: DeskSettingsRepository;
  /** Seats booked at the scholarship test and the demo class. */
  registrations: RegistrationRepository;
  /** The desk's side of them: session lists, attendance, scores. */
  registrationDesk: RegistrationDeskRepository;
  /** The live content's sessions of the scholarship test and the demo class. */
  eventSessions: EventSessions;
  /** The live content's scholarship: who may sit, for which courses, marks → percentage. */
  scholarship: CurrentScholarship;
  /** Registrants' own links (signed with REGISTRATION_LINK_SECRET or the key kept in the database). */
  registrationLinks: RegistrationLinks;
  /** One-time codes that prove a family's number, sent by PHONE_CODE_PROVIDER. */
  phoneCodes: PhoneCodes;
  /** Editors' drafts of the content, one each, on the server. */
  contentDrafts: ContentDraftRepository;
  /** The live content's fees, periods and next batches, read when asked (the ads, the dashboard, the messages). */
  courseFacts: CurrentCourseFacts;
  /** The devices each member is notified on. */
  pushes: PushRepository;
  /** Pushes to them (signed with WEB_PUSH_VAPID_PRIVATE_KEY or the key kept in the database). */
  webPush: WebPush;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repositories: Repositories;
  }
}

async function database(
  app: FastifyInstance,
  { database: given, codeSender }: { database?: Db; codeSender?: CodeSender },
) {
  const db = given ?? (await openDatabase(app.config.DATABASE_URL));
  app.decorate('db', db);
  const enquiries = createEnquiryRepository(db);
  const content = createContentRepository(db);
  app.decorate('repositories', {
    enquiries,
    staff: createStaffRepository(db),
    sessions: createStaffSessionRepository(db),
    throttle: createSignInThrottle(db),
    audit: createAuditLog(db),
    inbox: createInboxRepository(db),
    enquiryWork: createEnquiryWorkRepository(db),
    dashboard: createDashboardRepository(db),
    inboxExport: createInboxExportRepository(db),
    googleAds: createGoogleAdsRepository(db),
    outbox: createOutbox(db),
    content,
    contentDrafts: createContentDraftRepository(db),
    uploads: createUploadRepository(db),
    pageChanges: createPageChangesRepository(db),
    notifications: createNotificationsRepository(db),
    deskSettings: createDeskSettingsRepository(db),
    registrations: createRegistrationRepository(db, enquiries),
    registrationDesk: createRegistrationDeskRepository(db),
    eventSessions: createEventSessions(content),
    scholarship: createScholarship(content),
    registrationLinks: createRegistrationLinks(db, app.config.REGISTRATION_LINK_SECRET),
    courseFacts: createCourseFacts(content),
    pushes: createPushRepository(db),
    webPush: createWebPush(db, app.config),
    phoneCodes: createPhoneCodes(db, codeSender ?? codeSenderFor(app.config, app.log), {
      // The provider's words only: never the number or the code.
      onSendError: (error) => app.log.error({ err: error }, 'a one-time code could not be sent'),
      perAddressPerHour: app.config.PHONE_CODE_LIMIT_PER_ADDRESS,
      perNetworkPerHour: app.config.PHONE_CODE_LIMIT_PER_NETWORK,
    }),
  });
  if (app.config.PHONE_CODE_PROVIDER === 'log' && app.config.NODE_ENV === 'production') {
    app.log.warn('PHONE_CODE_PROVIDER is not set: one-time codes are written to this log, not sent to families');
  }
  if (!given) app.addHook('onClose', async () => db.close());
}

export default fp(database, { name: 'database', dependencies: ['settings'] });
