/** Reads what the test server stored, straight from its SQLite file. */
import Database from 'better-sqlite3';
import { E2E_DATABASE_FILE, PIXEL_DATABASE_FILE } from '../../playwright.config';
import type { StaffRoleValue } from '../../shared/schema/desk-vocabulary';
import { formatPhone } from '../../shared/format';
import type { DeliveriesTable, EnquiryRow } from '../../server/db/schema';

/** A mobile number no other test (or earlier run) uses, as typed, stored and shown. */
export function uniqueMobile() {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const stored = `+91${digits}`;
  return { typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, stored, display: formatPhone(stored) };
}

export async function enquiryRows(where: { phone: string }, databaseFile = E2E_DATABASE_FILE): Promise<EnquiryRow[]> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select * from enquiries where phone = ? order by created_at').all(where.phone) as EnquiryRow[];
  } finally {
    db.close();
  }
}

/** The outbox rows of one enquiry on the pixel server: which channels must deliver it. */
export function pixelServerDeliveries(enquiryId: string): Pick<DeliveriesTable, 'channel' | 'status'>[] {
  const db = new Database(PIXEL_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select channel, status from deliveries where enquiry_id = ? order by channel')
      .all(enquiryId) as Pick<DeliveriesTable, 'channel' | 'status'>[];
  } finally {
    db.close();
  }
}

/**
 * A staff account in the test server's database, with a password the test signs in with (hashed
 * at the tests' cost, as the test server hashes: playwright.config.ts).
 */
export async function addStaff(role: StaffRoleValue, databaseFile = E2E_DATABASE_FILE) {
  const { openDatabase } = await import('../../server/db/database');
  const { createStaffRepository } = await import('../../server/db/staff-repository');
  const { hashPassword, TEST_ONLY_COST } = await import('../../server/staff/passwords');
  const tag = Math.random().toString(36).slice(2, 10);
  const account = {
    email: `${role}-${tag}@example.com`,
    name: `${role.charAt(0).toUpperCase()}${role.slice(1)} ${tag}`,
    role,
    password: `password-${tag}`,
  };
  const database = await openDatabase(`file:${databaseFile}`);
  try {
    await createStaffRepository(database).add({
      ...account,
      passwordHash: await hashPassword(account.password, TEST_ONLY_COST),
    });
  } finally {
    await database.close();
  }
  return account;
}

/** Ends every session of a staff account on the test server, as the idle time-out would (the server then answers 401). */
export function endSessions(email: string) {
  const db = new Database(E2E_DATABASE_FILE, { fileMustExist: true });
  try {
    return db
      .prepare('delete from staff_sessions where staff_id = (select id from staff where email = ?)')
      .run(email.toLowerCase()).changes;
  } finally {
    db.close();
  }
}
