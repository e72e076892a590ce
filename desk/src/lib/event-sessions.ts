/** How staff name a session of the scholarship test or the demo class (the Events pages, a family's seats). */
import type { DeskEventSession } from '../../../shared/schema/replies/events';
import { dayWithYear } from './format';

/** "Vidyarthi Scholarship Test · Sun, 13 Dec 2026, 10:00–12:00". */
export const sessionLabel = (session: Pick<DeskEventSession, 'name' | 'date' | 'starts' | 'ends'>) =>
  `${session.name} · ${dayWithYear(session.date)}, ${session.starts}–${session.ends}`;

/** Its label, or for a session taken out of the content (its day and times no longer known) its id. */
export const sessionTitle = (session: DeskEventSession) =>
  session.inContent ? sessionLabel(session) : `${session.name} · ${session.id}`;

export const sessionPlace = (session: DeskEventSession) =>
  !session.inContent ? 'taken out of the content' : session.online ? 'online' : 'at the centre';

/** "34 of 120 booked" (a session taken out of the content has no capacity left to say). */
export const bookedText = (session: DeskEventSession) =>
  session.inContent ? `${session.booked} of ${session.capacity} booked` : `${session.booked} booked`;
