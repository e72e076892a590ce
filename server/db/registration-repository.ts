/**
 * Seats at the scholarship test and the demo class (issue 27; migrations/021-registrations.ts).
 * A registration is stored with its enquiry in one transaction (enquiry-repository.ts storeIn:
 * the family's record, its owner, its outbox rows), and takes its seat there too, so a seat is
 * never counted without a registration nor a registration acknowledged without its seat.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type EventSession, type EventType, rollNumberPrefix } from '../../shared/schema/events';
import type { Language } from '../../shared/languages';
import type { Enquiry } from '../../shared/schema/enquiry';
import { reminderDueAt } from '../registrations/event-sessions';
import { type Db, isUniqueViolation } from './database';
import type { EnquiryRepository, SaveOptions } from './enquiry-repository';
import type { Database, DeliveriesTable, DeliveryChannel, RegistrationRow } from './schema';
import { type QueuedWith, queuedWith } from '../../shared/delivery-channels';

/** Crockford's base 32: no I, L, O or U, so a roll number read aloud or typed at the door is not misread. */
/** A name as a person reads it: letter case and the spaces between words do not make another student. */
const sameName = (name: string) =>
  name.normalize('NFC').toLocaleLowerCase('en-IN').split(/\s+/).filter(Boolean).join(' ');

const ROLL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ROLL_LENGTH = 8;

/** e.g. ST-7K3M9Q2X: the event's letters, then 40 random bits (not a count: the next one cannot be guessed). */
export const newRollNumber = (type: EventType) =>
  `${rollNumberPrefix[type]}-${Array.from({ length: ROLL_LENGTH }, () => ROLL_ALPHABET[randomInt(ROLL_ALPHABET.length)]).join('')}`;

export type Booked = {
  outcome: 'booked' | 'already';
  registration: RegistrationRow;
  enquiryId: string;
  /** The idempotency key the registration's enquiry was sent with (a repeat from the same form matches it). */
  sentWith: string | null;
  /** Its admit card was queued by email (a new booking with an address that has not had its day's cards). */
  emailed: boolean;
};
export type Booking =
  | Booked
  | { outcome: 'full' }
  /** The proved number holds SEATS_PER_NUMBER seats at the event already (other students'). */
  | { outcome: 'perNumber'; count: number };

/**
 * Standing seats one proved number may hold at one event (a family's children), counted among
 * sessions not over. More is a call to the institute: a bot with one number books no more.
 */
export const SEATS_PER_NUMBER = 3;

/** Thrown inside a transaction to undo it when the session has no seat left. */
class SessionFull extends Error {}
class TooManyForNumber extends Error {
  constructor(readonly count: number) {
    super('the number holds its seats already');
  }
}

/**
 * The registrant's emails, through the outbox (server/delivery/registrant-emails.ts): the admit
 * card, queued when the seat is booked, and the reminder, due the day before the session
 * (reminderDueAt). Queued, moved and dropped in the booking's own transactions, when the
 * registrant's enquiry has an email address and this server sends email (`emailRegistrant`).
 */
const registrantChannels = queuedWith('registration');

/** Whether the registration's enquiry gives an email address to write to. */
async function hasEmail(trx: Kysely<Database>, enquiryId: string): Promise<boolean> {
  const row = await trx.selectFrom('enquiries').select('email').where('id', '=', enquiryId).executeTakeFirst();
  return Boolean(row?.email);
}

/**
 * Admit cards one email address receives in a day, whoever books (issue 38, M5): a family's
 * children, and no more. A booking past it is booked all the same; its page has the card.
 */
export const ADMIT_CARDS_PER_ADDRESS_PER_DAY = 3;

/** Whether the enquiry's address may be sent an admit card now: it has one, and has not had its day's cards. */
async function mayEmailCard(trx: Kysely<Database>, enquiryId: string, now: Date): Promise<boolean> {
  const row = await trx.selectFrom('enquiries').select('email').where('id', '=', enquiryId).executeTakeFirst();
  if (!row?.email) return false;
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const { sent } = await trx
    .selectFrom('deliveries')
    .innerJoin('enquiries', 'enquiries.id', 'deliveries.enquiry_id')
    .select((eb) => eb.fn.countAll<string | number>().as('sent'))
    .where('deliveries.channel', '=', 'admit-card')
    .where('deliveries.created_at', '>', since)
    .where((eb) => eb(eb.fn('lower', ['enquiries.email']), '=', row.email?.toLowerCase() ?? ''))
    .executeTakeFirstOrThrow();
  return Number(sent) < ADMIT_CARDS_PER_ADDRESS_PER_DAY;
}

/**
 * The registrant's emails of these channels not sent yet, dropped (a cancelled booking; a
 * reminder with nothing to remind of). One being sent at this moment is left to its send, which
 * reads the booking first and sends nothing for a cancelled one.
 */
const dropUnsent = (trx: Kysely<Database>, registrationId: string, channels: readonly DeliveryChannel[]) =>
  trx
    .deleteFrom('deliveries')
    .where('registration_id', '=', registrationId)
    .where('channel', 'in', channels)
    .where('status', 'in', ['pending', 'failed'])
    .execute();

type Registered = Pick<RegistrationRow, 'id' | 'enquiry_id'>;

/** A booking's link is emailed again at most once in this long (resendLink). */
const RESEND_AFTER_MS = 10 * 60 * 1000;

/** A registrant's email due at `due`, fresh. */
const registrantDelivery = (
  registration: Registered,
  channel: QueuedWith<'registration'>,
  due: Date,
  now: Date,
): DeliveriesTable => ({
  id: randomUUID(),
  enquiry_id: registration.enquiry_id,
  registration_id: registration.id,
  channel,
  status: 'pending',
  attempts: 0,
  next_attempt_at: due.toISOString(),
  // Queued ahead of time: waiting (for /healthz) only from then.
  due_at: due > now ? due.toISOString() : null,
  lease_owner: null,
  lease_until: null,
  last_error: null,
  delivered_at: null,
  created_at: now.toISOString(),
  context: null,
});

/**
 * The reminder for the session the booking is at (now), due at reminderDueAt: queued, or moved
 * when it waits for another session, or queued again when it was sent for the session the
 * booking was at before (a family that moved to a later date is reminded of that one too).
 * Nothing to send (no email, or the session has begun): one not sent yet is dropped.
 */
async function queueReminder(
  trx: Kysely<Database>,
  registration: Registered,
  session: EventSession,
  { emailed, now }: { emailed: boolean; now: Date },
) {
  const due = emailed ? reminderDueAt(session, now) : undefined;
  if (!due) {
    await dropUnsent(trx, registration.id, ['event-reminder']);
    return;
  }
  const fresh = registrantDelivery(registration, 'event-reminder', due, now);
  await trx
    .insertInto('deliveries')
    .values(fresh)
    .onConflict((conflict) =>
      conflict.columns(['registration_id', 'channel']).doUpdateSet({
        status: 'pending',
        attempts: 0,
        next_attempt_at: fresh.next_attempt_at,
        due_at: fresh.due_at,
        last_error: null,
        delivered_at: null,
        // One being sent for the old date loses its lease: its end is not recorded over this.
        lease_owner: null,
        lease_until: null,
      }),
    )
    .execute();
}

export function createRegistrationRepository(database: Db, enquiries: EnquiryRepository) {
  const { db } = database;

  /**
   * One seat, if the session has one: the seat row's count goes up by one only while it is
   * below the capacity. Both engines apply such updates to a row one at a time (PostgreSQL
   * re-reads the row a concurrent update left), so the check and the count cannot race.
   */
  async function takeSeat(trx: Kysely<Database>, session: EventSession) {
    await trx
      .insertInto('session_seats')
      .values({ session_id: session.id, taken: 0 })
      .onConflict((conflict) => conflict.column('session_id').doNothing())
      .execute();
    const taken = await trx
      .updateTable('session_seats')
      .set((eb) => ({ taken: eb('taken', '+', 1) }))
      .where('session_id', '=', session.id)
      .where('taken', '<', session.capacity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new SessionFull();
  }

  const freeSeat = (trx: Kysely<Database>, sessionId: string) =>
    trx
      .updateTable('session_seats')
      .set((eb) => ({ taken: eb('taken', '-', 1) }))
      .where('session_id', '=', sessionId)
      .where('taken', '>', 0)
      .execute();

  /**
   * The student's seat at this event already booked from this number (a form sent twice, or again
   * later), at a session not over (`notOver`, when given: a student who came to last month's demo
   * class may book this month's). The name is compared as a person reads it: "asha  VERMA" is Asha Verma.
   * Only a booking the number proved now speaks for (`proved`: the student's number, or its
   * parent's): whoever proves another number learns nothing of a child's seat.
   */
  const bookedAlready = async (
    trx: Kysely<Database>,
    enquiry: Enquiry,
    type: EventType,
    notOver: readonly string[] | undefined,
    proved: string | undefined,
  ) => {
    if (notOver?.length === 0) return undefined;
    let standing = trx
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .selectAll('registrations')
      .select(['enquiries.idempotency_key as sent_with', 'enquiries.student_name as booked_for'])
      .where('registrations.event_type', '=', type)
      .where('registrations.cancelled_at', 'is', null)
      .where('enquiries.phone', '=', enquiry.phone);
    if (proved)
      standing = standing.where((eb) =>
        eb.or([eb('enquiries.phone', '=', proved), eb('enquiries.parent_phone', '=', proved)]),
      );
    if (notOver) standing = standing.where('registrations.session_id', 'in', notOver);
    const name = sameName(enquiry.studentName);
    const found = (await standing.orderBy('registrations.created_at').execute()).find(
      (row) => sameName(row.booked_for) === name,
    );
    if (!found) return undefined;
    const { booked_for: bookedFor, ...registration } = found;
    return registration;
  };

  /** Standing seats at this event (sessions not over) booked with this number, the student's or the parent's. */
  const seatsHeldBy = async (
    trx: Kysely<Database>,
    phone: string,
    type: EventType,
    notOver: readonly string[] | undefined,
  ) => {
    if (notOver?.length === 0) return 0;
    let held = trx
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('registrations.event_type', '=', type)
      .where('registrations.cancelled_at', 'is', null)
      .where((eb) => eb.or([eb('enquiries.phone', '=', phone), eb('enquiries.parent_phone', '=', phone)]));
    if (notOver) held = held.where('registrations.session_id', 'in', notOver);
    return Number((await held.executeTakeFirstOrThrow()).count);
  };

  /**
   * Books a seat for the enquiry's student at `session`: the enquiry is stored (or found, as
   * save() would), then the seat taken, then the registration written, all or nothing. A full
   * session stores nothing (the form keeps what was typed and offers the next session). The
   * same student from the same number again gets the seat already booked for this event.
   */
  async function register(
    enquiry: Enquiry,
    session: EventSession,
    {
      language,
      emailRegistrant = false,
      notOver,
      ...options
    }: SaveOptions & {
      language: Language;
      /** The sessions not over (every one when not given): a seat at one that is over is not this one's. */
      notOver?: readonly string[];
      /** Email the registrant their admit card and a reminder (registrantChannels), when the enquiry gives an address. */
      emailRegistrant?: boolean;
    },
  ): Promise<Booking> {
    const now = options.now ?? new Date();
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx): Promise<Booked> => {
          const stored = await enquiries.storeIn(trx, enquiry, { ...options, now });
          const already = await bookedAlready(trx, enquiry, session.type, notOver, options.proved?.phone);
          if (already) {
            const { sent_with: sentWith, ...registration } = already;
            return { outcome: 'already', registration, enquiryId: already.enquiry_id, sentWith, emailed: false };
          }
          // The number the family proved (the parent's for a student under 18) holds SEATS_PER_NUMBER at most.
          const provedNumber = options.proved?.phone;
          if (provedNumber) {
            // One booking per number at a time (storeIn locked the student's number, not always this one).
            if (database.engine === 'postgres' && provedNumber !== enquiry.phone)
              await sql`select pg_advisory_xact_lock(hashtext(${provedNumber}))`.execute(trx);
            const held = await seatsHeldBy(trx, provedNumber, session.type, notOver);
            if (held >= SEATS_PER_NUMBER) throw new TooManyForNumber(held);
          }
          await takeSeat(trx, session);
          const registration: RegistrationRow = {
            id: randomUUID(),
            enquiry_id: stored.id,
            event_type: session.type,
            session_id: session.id,
            roll_number: newRollNumber(session.type),
            language,
            created_at: now.toISOString(),
            cancelled_at: null,
            attended_at: null,
            score: null,
            scholarship_percent: null,
          };
          await trx.insertInto('registrations').values(registration).execute();
          const emailed = emailRegistrant && (await mayEmailCard(trx, stored.id, now));
          if (emailed) {
            await trx
              .insertInto('deliveries')
              .values(registrantDelivery(registration, 'admit-card', now, now))
              .execute();
            await queueReminder(trx, registration, session, { emailed: true, now });
          }
          return {
            outcome: 'booked',
            registration,
            enquiryId: stored.id,
            sentWith: enquiry.idempotencyKey ?? null,
            emailed,
          };
        });
      } catch (error) {
        if (error instanceof SessionFull) return { outcome: 'full' };
        if (error instanceof TooManyForNumber) return { outcome: 'perNumber', count: error.count };
        // A roll number drawn twice (one in a trillion): draw again.
        if (isUniqueViolation(error) && attempt < 3) continue;
        throw error;
      }
    }
  }

  const find = (id: string) => db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();

  /** A registration with who it is for (its enquiry's student, class and course). */
  const findWithStudent = (id: string) =>
    db
      .selectFrom('registrations')
      .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
      .selectAll('registrations')
      .select(['enquiries.student_name', 'enquiries.class_level', 'enquiries.course'])
      .where('registrations.id', '=', id)
      .executeTakeFirst();

  /**
   * Cancels a booking and frees its seat at once, and drops its emails not sent yet (the
   * reminder above all); false when it was cancelled already (no seat freed twice).
   */
  async function cancel(id: string, now = new Date()): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const cancelled = await trx
        .updateTable('registrations')
        .set({ cancelled_at: now.toISOString() })
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .returning('session_id')
        .executeTakeFirst();
      if (!cancelled) return false;
      await freeSeat(trx, cancelled.session_id);
      await dropUnsent(trx, id, registrantChannels);
      return true;
    });
  }

  /**
   * Moves a booking to another session of its event with a seat: the new seat is taken and the
   * old one freed together, and its reminder is due the day before the new session (queued
   * again if it was sent for the old one; `emailRegistrant` as for register). 'full' leaves it
   * where it was; 'gone' when it is cancelled (or unknown); 'same' when it is already there.
   */
  async function reschedule(
    id: string,
    to: EventSession,
    { emailRegistrant = false, now = new Date() }: { emailRegistrant?: boolean; now?: Date } = {},
  ): Promise<'moved' | 'full' | 'gone' | 'same'> {
    try {
      return await db.transaction().execute(async (trx) => {
        // Written to, not just read: the booking is held (PostgreSQL locks its row) until this commits.
        const current = await trx
          .updateTable('registrations')
          .set((eb) => ({ session_id: eb.ref('session_id') }))
          .where('id', '=', id)
          .where('cancelled_at', 'is', null)
          .returning(['session_id', 'event_type', 'enquiry_id'])
          .executeTakeFirst();
        if (!current || current.event_type !== to.type) return 'gone' as const;
        if (current.session_id === to.id) return 'same' as const;
        // The two seat rows in one order (by id) in every transaction: two families swapping
        // sessions at once cannot each hold the row the other waits for.
        if (to.id < current.session_id) {
          await takeSeat(trx, to);
          await freeSeat(trx, current.session_id);
        } else {
          await freeSeat(trx, current.session_id);
          await takeSeat(trx, to);
        }
        await trx.updateTable('registrations').set({ session_id: to.id }).where('id', '=', id).execute();
        const emailed = emailRegistrant && (await hasEmail(trx, current.enquiry_id));
        await queueReminder(trx, { id, enquiry_id: current.enquiry_id }, to, { emailed, now });
        return 'moved' as const;
      });
    } catch (error) {
      if (error instanceof SessionFull) return 'full';
      throw error;
    }
  }

  /**
   * The booking's link again, to the email address given with the booking (never one typed
   * now): its admit-card email queued once more through the outbox, for a family that booked
   * again after losing the link. Nothing when the booking's enquiry has no address, or the address
   * has had its day's admit cards (ADMIT_CARDS_PER_ADDRESS_PER_DAY) (false), or
   * when that email is waiting to go already or went within the last ten minutes (true: it is
   * on its way, and a form sent again and again does not flood the family's inbox).
   */
  async function resendLink(registration: Registered, now = new Date()): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await mayEmailCard(trx, registration.enquiry_id, now))) return false;
      const fresh = registrantDelivery(registration, 'admit-card', now, now);
      const recently = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
      await trx
        .insertInto('deliveries')
        .values(fresh)
        .onConflict((conflict) =>
          conflict
            .columns(['registration_id', 'channel'])
            .doUpdateSet({
              status: 'pending',
              attempts: 0,
              next_attempt_at: fresh.next_attempt_at,
              // Queued again now: counted in the address's day (mayEmailCard).
              created_at: fresh.created_at,
              due_at: null,
              last_error: null,
              delivered_at: null,
              lease_owner: null,
              lease_until: null,
            })
            .where((eb) =>
              eb.and([
                eb('deliveries.status', '!=', 'pending'),
                eb.or([eb('deliveries.delivered_at', 'is', null), eb('deliveries.delivered_at', '<', recently)]),
              ]),
            ),
        )
        .execute();
      return true;
    });
  }

  /**
   * The seats standing at sessions not over (`notOver`) booked from a number, the student's or
   * the parent's ("find my booking", for a family that proved it), with the student's name.
   */
  const standingFrom = (phone: string, notOver: readonly string[]) =>
    notOver.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('registrations')
          .innerJoin('enquiries', 'enquiries.id', 'registrations.enquiry_id')
          .select([
            'registrations.id',
            'registrations.enquiry_id',
            'registrations.session_id',
            'registrations.roll_number',
            'enquiries.student_name',
          ])
          .where('registrations.cancelled_at', 'is', null)
          .where('registrations.session_id', 'in', notOver)
          .where((eb) => eb.or([eb('enquiries.phone', '=', phone), eb('enquiries.parent_phone', '=', phone)]))
          .orderBy('registrations.created_at')
          .limit(20)
          .execute();

  /** Seats taken per session (sessions nobody booked are left out: none taken). */
  async function seatsTaken(): Promise<Map<string, number>> {
    const rows = await db.selectFrom('session_seats').selectAll().execute();
    return new Map(rows.map((row) => [row.session_id, Number(row.taken)]));
  }

  return { register, find, findWithStudent, standingFrom, cancel, reschedule, resendLink, seatsTaken };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
