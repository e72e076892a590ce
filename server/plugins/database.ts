/**
 * The database and the repositories over it, on the instance: `app.db`, `app.repositories`.
 * A database the caller opened stays open; one opened here (DATABASE_URL) closes with the app,
 * after every other plugin's onClose (they are run last registered first).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditLog, type AuditLog } from '../db/audit-log';
import { type Db, openDatabase } from '../db/database';
import { createDeskRepository, type DeskRepository } from '../db/desk-repository';
import { createEnquiryRepository, type EnquiryRepository } from '../db/enquiry-repository';
import { createSignInThrottle, type SignInThrottle } from '../db/sign-in-throttle';
import { createStaffRepository, type StaffRepository } from '../db/staff-repository';
import { createOutbox, type Outbox } from '../delivery/outbox';

export type Repositories = {
  enquiries: EnquiryRepository;
  staff: StaffRepository;
  throttle: SignInThrottle;
  audit: AuditLog;
  desk: DeskRepository;
  /** Every stored enquiry is also written to the outbox (same transaction); the worker sends it. */
  outbox: Outbox;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    repositories: Repositories;
  }
}

async function database(app: FastifyInstance, { database: given }: { database?: Db }) {
  const db = given ?? (await openDatabase(app.config.DATABASE_URL));
  app.decorate('db', db);
  app.decorate('repositories', {
    enquiries: createEnquiryRepository(db),
    staff: createStaffRepository(db),
    throttle: createSignInThrottle(db),
    audit: createAuditLog(db),
    desk: createDeskRepository(db),
    outbox: createOutbox(db),
  });
  if (!given) app.addHook('onClose', async () => db.close());
}

export default fp(database, { name: 'database', dependencies: ['settings'] });
