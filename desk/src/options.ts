/** The labels and the team every desk page needs, loaded with the desk's layout once per sign-in. */
import { useRouteLoaderData } from 'react-router';
import { api, type Options } from './api';

/** The id of the route (the signed-in layout) whose loader answers with the options. */
export const OPTIONS_ROUTE = 'desk';

/** Pages still show without the options (their labels fall back to the stored values). */
export const loadOptions = () => api<Options>('/options').catch(() => undefined);

export const useOptions = () => useRouteLoaderData<Options | undefined>(OPTIONS_ROUTE);
