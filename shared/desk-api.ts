/**
 * The desk's API, once: every endpoint of /api/staff by its address, each area's records beside
 * its replies (shared/schema/replies/<area>.ts; what a record says: shared/schema/endpoint.ts).
 * The desk calls an endpoint by its address, typed from here (desk/src/lib/api.ts, as types only);
 * the server registers each route from its area's records (server/routes/desk/endpoint.ts), and
 * its tests hold that every address here is a route and every desk route is here.
 */
import { adminToolEndpoints } from './schema/replies/admin-tools';
import { contentEndpoints } from './schema/replies/content';
import { enquiryEndpoints } from './schema/replies/enquiries';
import { eventEndpoints } from './schema/replies/events';
import { figureEndpoints } from './schema/replies/figures';
import { notificationEndpoints } from './schema/replies/notifications';
import { settingEndpoints } from './schema/replies/settings';
import { staffEndpoints } from './schema/replies/staff';

export const deskApi = {
  ...staffEndpoints,
  ...enquiryEndpoints,
  ...eventEndpoints,
  ...figureEndpoints,
  ...notificationEndpoints,
  ...settingEndpoints,
  ...contentEndpoints,
  ...adminToolEndpoints,
};

export type DeskApi = typeof deskApi;
