/** The scholarship test's and demo classes' sessions at the desk: their lists, the door, the marks (server/routes/desk/events.ts). */
import type {
  deskEventSessionReply,
  deskEventsReply,
  familyRegistrationsReply,
  registrationWorkReply,
} from '../../../shared/schema/replies/events';
import type { z } from 'zod';
import type { doorWalkInSchema, registrationChangeSchema, rollNumberSchema } from '../../../shared/schema/desk';
import { api } from '../lib/api';
import type { Agreed } from './enquiries';

/** What the server answers, as its routes declare it (shared/schema/replies/events.ts). */
export type DeskEventsReply = z.output<typeof deskEventsReply>;
export type DeskEventSession = DeskEventsReply['sessions'][number];
export type DeskEventSessionReply = z.output<typeof deskEventSessionReply>;
export type DeskRegistration = DeskEventSessionReply['registrations'][number];
export type RegistrationWorkReply = z.output<typeof registrationWorkReply>;
export type FamilyRegistrationsReply = z.output<typeof familyRegistrationsReply>;

const session = (id: string) => `/events/${encodeURIComponent(id)}`;

export const eventsApi = {
  sessions: () => api<DeskEventsReply>('/events'),
  session: (id: string) => api<DeskEventSessionReply>(session(id)),
  attended: (id: string, body: z.input<typeof rollNumberSchema>) =>
    api<RegistrationWorkReply>(`${session(id)}/attendance`, { method: 'POST', body }),
  walkIn: (id: string, body: Agreed<z.input<typeof doorWalkInSchema>>) =>
    api<RegistrationWorkReply>(`${session(id)}/walk-in`, { method: 'POST', body }),
  changeRegistration: (id: string, body: z.input<typeof registrationChangeSchema>) =>
    api<RegistrationWorkReply>(`/registrations/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  /** The seats a family has booked (the enquiry page). */
  ofFamily: (enquiryId: string) =>
    api<FamilyRegistrationsReply>(`/enquiries/${encodeURIComponent(enquiryId)}/registrations`),
};
