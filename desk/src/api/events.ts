/** The scholarship test's and demo classes' sessions at the desk: their lists, the door, the marks (server/routes/desk/events.ts). */
import type { z } from 'zod';
import type { doorWalkInSchema, registrationChangeSchema, rollNumberSchema } from '../../../shared/schema/desk';
import {
  api,
  type DeskEventSessionReply,
  type DeskEventsReply,
  type FamilyRegistrationsReply,
  type RegistrationWorkReply,
} from '../lib/api';
import type { Agreed } from './enquiries';

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
