/**
 * The registrant's emails (issue 27), sent through the outbox like every other channel (so
 * retried, and counted on /healthz): the admit card when the seat is booked ('admit-card') and a
 * reminder the day before the session ('event-reminder'), each queued, moved and dropped in the
 * booking's own transactions (server/db/registration-repository.ts). Each is in the registrant's
 * language, names the event, the student, the roll number, the day and time, when to arrive,
 * where (with the map link) and what to bring, gives the registrant's own link to change the
 * date or cancel, and carries the admit card as a PDF, drawn when the email is sent
 * (admit-card.ts): a booking moved since it was queued gets the card of the date it is at.
 *
 * When there is nothing to send by then (the booking cancelled, its session begun or gone from
 * the content, no email address left on the enquiry), nothing is sent: the delivery is recorded
 * as delivered, with why in `last_error` ("not sent: …") and in the log.
 */
import type { Transporter } from 'nodemailer';
import { fill, formatPhone, mapsUrl } from '../../shared/format';
import { institute } from '../../shared/institute';
import { isLanguage, type Language } from '../../shared/languages';
import { paths } from '../../shared/paths';
import type { EventSession } from '../../shared/schema/events';
import { describeSession, serverWords } from '../../src/content/server-words';
import { admitCardPdf } from '../registrations/admit-card';
import type { QueuedWith } from '../../shared/delivery-channels';
import type { RegistrationRepository } from '../db/registration-repository';
import { type EventSessions, sessionStartsAt } from '../registrations/event-sessions';
import type { RegistrationLinks } from '../registrations/registration-links';
import { NothingToSend, type Send } from './worker';

export type RegistrantEmailKind = QueuedWith<'registration'>;

/** What an email tells the registrant: the admit card's facts, and their link (absolute). */
export type RegistrantEmail = {
  language: Language;
  rollNumber: string;
  studentName: string;
  session: EventSession;
  link: string;
};

/** The email's subject and text, in the registrant's language (the words: src/content/<language>/events.ts `emails`). */
export function registrantEmailText(
  kind: RegistrantEmailKind,
  { language, rollNumber, studentName, session, link }: RegistrantEmail,
): { subject: string; text: string } {
  const words = serverWords[language];
  const { events } = words;
  const r = events.registrant;
  const said = events.emails;
  const event = events.types[session.type].name;
  const described = describeSession(session, language, events, words.address);
  const b = events.booking;
  // An online session's joining link: in the reminder, the day before; until then, how it comes.
  const joining = !session.online
    ? []
    : kind === 'event-reminder' && session.joinLink
      ? [`${b.joinLinkLabel}: ${session.joinLink}`]
      : [b.joinLinkLater];
  const [subject, heading] =
    kind === 'admit-card'
      ? [
          fill(said.admitCardSubject, { event, roll: rollNumber }),
          fill(said.admitCardHeading, { student: studentName }),
        ]
      : [
          fill(said.reminderSubject, { event, day: described.day }),
          fill(said.reminderHeading, { student: studentName, day: described.day }),
        ];
  const lines = [
    heading,
    '',
    `${r.event}: ${event}`,
    `${r.rollNumber}: ${rollNumber}`,
    `${r.student}: ${studentName}`,
    `${r.session}: ${described.day}, ${described.time}`,
    `${described.reportByLabel}: ${described.arriveAt}`,
    `${r.venue}: ${described.venue}`,
    ...joining,
    // The English address, which maps understand best (as the admit card's link).
    ...(session.online ? [] : [`${r.mapLink}: ${mapsUrl(serverWords.en.address)}`]),
    '',
    `${events.ui.bringHeading}:`,
    ...described.bring.map((line) => `•  ${line}`),
    '',
    said.attached,
    '',
    said.changeLink,
    link,
    '',
    fill(said.questions, { phone: formatPhone(institute.phone) }),
    words.siteName,
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}

/** What the sends read when they send: the booking, the live content's sessions, the registrant's link. */
export type Registrants = {
  registrations: Pick<RegistrationRepository, 'findWithStudent'>;
  eventSessions: EventSessions;
  links: Pick<RegistrationLinks, 'tokenFor'>;
};

const hostname = new URL(institute.origin).hostname;

/** The send of one of the two channels, by `transport` from `from`. */
export function registrantSend(
  transport: Transporter,
  from: string,
  { registrations, eventSessions, links }: Registrants,
  kind: RegistrantEmailKind,
): Send {
  return async (enquiry, delivery) => {
    if (!delivery.registration_id) throw new Error('no registration was stored with this delivery');
    const registration = await registrations.findWithStudent(delivery.registration_id);
    if (!registration) throw new NothingToSend('the registration is gone');
    if (registration.cancelled_at !== null) throw new NothingToSend('the booking is cancelled');
    const now = new Date();
    const session = (await eventSessions(now)).find((candidate) => candidate.id === registration.session_id);
    if (!session) throw new NothingToSend(`its session ${registration.session_id} is no longer in the content`);
    if (now >= sessionStartsAt(session)) throw new NothingToSend(`its session ${session.id} has begun`);
    if (!enquiry.email) throw new NothingToSend('the enquiry has no email address');

    const card = {
      language: isLanguage(registration.language) ? registration.language : 'en',
      rollNumber: registration.roll_number,
      studentName: registration.student_name,
      session,
    };
    const link = `${institute.origin}${paths.registrant(await links.tokenFor(registration.id))}`;
    const { subject, text } = registrantEmailText(kind, { ...card, link });
    await transport.sendMail({
      from,
      to: enquiry.email,
      subject,
      text,
      attachments: [
        {
          filename: `admit-card-${registration.roll_number}.pdf`,
          content: await admitCardPdf(card),
          contentType: 'application/pdf',
        },
      ],
      // The same email sent twice (after a crash mid-send) has one Message-ID; a reminder
      // queued again for a new date is another email, with its own.
      messageId: `<${kind}-${delivery.id}-${session.id}@${hostname}>`,
      headers: { 'X-Enquiry-Id': enquiry.id, 'X-Registration-Id': registration.id },
    });
  };
}
