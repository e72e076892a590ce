/**
 * The desk's side of booked seats (issue 27): each session's counts and list, attendance at the
 * door, and a scholarship test's score with the scholarship it earned. Every change is in the
 * family's history (the audit trail of the registration's enquiry), with who made it.
 */
import type { Kysely } from 'kysely';
import { auditRow } from './audit-log';
import type { Db } from './database';
import type { Database } from './schema';

/** A registration as the desk lists it: the booking, and who it is for and how to reach them. */
const listed = [
  'registrations.id',
  'registrations.enquiry_id',
  'registrations.event_type',
  'registrations.session_id',
  'registrations.roll_number',
  'registrations.language',
  'registrations.created_at',
  'registrations.cancelled_at',
  'registrations.attended_at',
  'registrations.score',
  'registrations.scholarship_percent',
  'enquiries.student_name',
  'enquiries.class_level',
  'enquiries.course',
  'enquiries.phone',
  'enquiries.email',
  'enquiries.parent_name',
  'enquiries.parent_phone',
  'enquiries.student_under_18',
] as const;

const withStudent = (db: Kysely<Database>) =>
  db.selectFrom('registrations').innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id').select(listed);

export type ListedRegistration = Awaited<ReturnType<ReturnType<typeof withStudent>['executeTakeFirstOrThrow']>>;

export type SessionCounts = { booked: number; present: number; cancelled: number; noEmail: number };
/** A session as its registrations know it: its event, and its counts. */
export type SessionTally = { eventType: string; counts: SessionCounts };

export function createRegistrationDeskRepository({ db }: Db) {
  /** Per session: its event, seats booked (standing), of them present, cancelled, and standing ones without an email. */
  async function countsBySession(): Promise<Map<string, SessionTally>> {
    const rows = await db
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .select((eb) => [
        'registrations.session_id',
        'registrations.event_type',
        eb.fn.countAll<string | number>().as('all'),
        eb.fn.count<string | number>('registrations.cancelled_at').as('cancelled'),
        eb.fn
          .sum<string | number | null>(
            eb
              .case()
              .when(
                eb.and([eb('registrations.cancelled_at', 'is', null), eb('registrations.attended_at', 'is not', null)]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('present'),
        eb.fn
          .sum<string | number | null>(
            eb
              .case()
              .when(
                eb.and([
                  eb('registrations.cancelled_at', 'is', null),
                  eb.or([eb('enquiries.email', 'is', null), eb('enquiries.email', '=', '')]),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('no_email'),
      ])
      .groupBy(['registrations.session_id', 'registrations.event_type'])
      .execute();
    return new Map(
      rows.map((row) => [
        row.session_id,
        {
          eventType: row.event_type,
          counts: {
            booked: Number(row.all) - Number(row.cancelled),
            present: Number(row.present ?? 0),
            cancelled: Number(row.cancelled),
            noEmail: Number(row.no_email ?? 0),
          },
        },
      ]),
    );
  }

  /** A session's registrations, standing ones first, by the student's name. */
  const ofSession = (sessionId: string) =>
    withStudent(db)
      .where('registrations.session_id', '=', sessionId)
      .orderBy((eb) => eb.case().when('registrations.cancelled_at', 'is', null).then(0).else(1).end())
      .orderBy('enquiries.student_name')
      .orderBy('registrations.roll_number')
      .execute();

  /** The registrations of the family of this enquiry (any of its enquiries), newest first. */
  const ofFamilyOf = (enquiryId: string) =>
    withStudent(db)
      .where('enquiries.family_id', '=', (eb) =>
        eb.selectFrom('enquiries as record').select('record.family_id').where('record.id', '=', enquiryId),
      )
      .orderBy('registrations.created_at', 'desc')
      .execute();

  const byRollNumber = (eventType: string, rollNumber: string) =>
    withStudent(db)
      .where('registrations.event_type', '=', eventType)
      .where('registrations.roll_number', '=', rollNumber)
      .executeTakeFirst();

  const byId = (id: string) => withStudent(db).where('registrations.id', '=', id).executeTakeFirst();

  /**
   * Present (or, `present` false, not after all): stored once, with who said so. A cancelled
   * booking cannot be marked. Answers what changed: 'marked', 'already' (nothing to do), 'cancelled'
   * or undefined (no such registration).
   */
  async function setPresent(id: string, present: boolean, actorId: string, now = new Date()) {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('registrations')
        .select(['enquiry_id', 'roll_number', 'cancelled_at', 'attended_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return undefined;
      if (current.cancelled_at) return 'cancelled' as const;
      if ((current.attended_at !== null) === present) return 'already' as const;
      const changed = await trx
        .updateTable('registrations')
        .set({ attended_at: present ? now.toISOString() : null })
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .where('attended_at', present ? 'is' : 'is not', null)
        .executeTakeFirst();
      // Someone at the other door marked them in between: theirs stands.
      if (Number(changed.numUpdatedRows) !== 1) return 'already' as const;
      await trx
        .insertInto('audit_log')
        .values(
          auditRow(
            {
              actorId,
              action: present ? 'attended' : 'attendance-undone',
              enquiryId: current.enquiry_id,
              field: 'roll_number',
              to: current.roll_number,
            },
            now,
          ),
        )
        .execute();
      return 'marked' as const;
    });
  }

  /** A scholarship test's marks (null: taken back) and the scholarship they earned, with the change in the history. */
  async function setScore(
    id: string,
    score: number | null,
    percent: number | null,
    actorId: string,
    now = new Date(),
  ): Promise<'stored' | 'cancelled' | undefined> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('registrations')
        .select(['enquiry_id', 'roll_number', 'cancelled_at', 'score', 'scholarship_percent'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return undefined;
      if (current.cancelled_at) return 'cancelled';
      await trx
        .updateTable('registrations')
        .set({ score, scholarship_percent: percent })
        .where('id', '=', id)
        .execute();
      const said = (marks: number | null, off: number | null) => (marks === null ? null : `${marks} (${off ?? 0}%)`);
      await trx
        .insertInto('audit_log')
        .values(
          auditRow(
            {
              actorId,
              action: 'score',
              enquiryId: current.enquiry_id,
              field: current.roll_number,
              from: said(current.score, current.scholarship_percent),
              to: said(score, percent),
            },
            now,
          ),
        )
        .execute();
      return 'stored';
    });
  }

  return { countsBySession, ofSession, ofFamilyOf, byRollNumber, byId, setPresent, setScore };
}

export type RegistrationDeskRepository = ReturnType<typeof createRegistrationDeskRepository>;
