/** The labels and the team every desk page needs, loaded with the desk's layout once per sign-in. */
import { useRouteLoaderData } from 'react-router';
import { mayAccess } from '../../../shared/schema/desk-vocabulary';
import { currentStaff } from './session';
import type { Options } from '../../../shared/schema/replies/settings';
import { api } from './api';

/** The id of the route (the signed-in layout) whose loader answers with the options. */
export const OPTIONS_ROUTE = 'desk';

/**
 * Pages still show without the options (their labels fall back to the stored values). Only
 * the enquiries' pages use them, so a member who does no enquiry work is not sent them.
 */
export const loadOptions = async () =>
  mayAccess((await currentStaff())?.role, 'enquiries') ? api('GET /options').catch(() => undefined) : undefined;

export const useOptions = () => useRouteLoaderData<Options | undefined>(OPTIONS_ROUTE);

/** For a Select of the team (or any labelled choices): typing part of a name narrows the list. */
export const searchByName = { optionFilterProp: 'label' } as const;
