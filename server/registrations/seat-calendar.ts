/**
 * A booked seat in a phone's calendar (issue 36): the calendar file (.ics, which iPhones and
 * desktop calendars open) and the "Add to Google Calendar" link (Android does not open a
 * downloaded .ics). Both from one description: the event and roll number, from the reporting
 * (or joining) time to the end, where (the centre's address, or "Online"), the seat's page, and
 * for the file a reminder the day before.
 */
import { createEvent } from 'ics';
import { institute } from '../../shared/institute';
import { fromInstituteTime } from '../../shared/institute-calendar';
import type { Language } from '../../shared/languages';
import { paths } from '../../shared/paths';
import type { EventSession } from '../../shared/schema/events';
import { fill } from '../../shared/format';
import { serverWords } from '../../src/content/server-words';

export type SeatInCalendar = {
  token: string;
  language: Language;
  rollNumber: string;
  session: EventSession;
};

function describe({ token, language, rollNumber, session }: SeatInCalendar) {
  const words = serverWords[language];
  const event = words.events.types[session.type].name;
  const page = `${institute.origin}${paths.registrant(encodeURIComponent(token))}`;
  return {
    event,
    title: `${event} · ${rollNumber}`,
    // From the reporting time to the end, India time, as moments (UTC), whatever the phone's zone.
    start: fromInstituteTime(`${session.date}T${session.reportBy}`),
    end: fromInstituteTime(`${session.date}T${session.ends}`),
    location: session.online ? words.events.ui.onlineShort : words.address,
    page,
    details: `${words.events.registrant.rollNumber}: ${rollNumber}\n${page}`,
  };
}

/** The calendar file: LOCATION, URL (the seat's page) and a VALARM the day before; its UID is the registration's. */
export function seatCalendarFile(seat: SeatInCalendar & { registrationId: string; cancelled: boolean }): string {
  const described = describe(seat);
  const { error, value } = createEvent({
    uid: `${seat.registrationId}@${new URL(institute.origin).hostname}`,
    title: described.title,
    start: described.start.getTime(),
    end: described.end.getTime(),
    location: described.location,
    url: described.page,
    description: described.details,
    status: seat.cancelled ? 'CANCELLED' : 'CONFIRMED',
    alarms: [
      {
        action: 'display',
        description: fill(serverWords[seat.language].events.booking.calendarAlarm, { event: described.event }),
        trigger: { hours: 24, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
}

/** "20261220T053000Z", as Google's link wants a moment. */
const googleTime = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "add an event" page, filled in (https://calendar.google.com/calendar/render?action=TEMPLATE…). */
export function googleCalendarLink(seat: SeatInCalendar): string {
  const described = describe(seat);
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', described.title);
  url.searchParams.set('dates', `${googleTime(described.start)}/${googleTime(described.end)}`);
  url.searchParams.set('details', described.details);
  url.searchParams.set('location', described.location);
  url.searchParams.set('ctz', 'Asia/Kolkata');
  return url.href;
}
