/**
 * The day the pages are rendered for (YYYY-MM-DD, in the institute's time zone): a batch
 * that has begun by then is no longer listed, "next batch" is the first still to begin, and
 * a seats count older than `seatsShownForDays` is not shown. The build renders the pages for
 * the day it runs; the server renders them again for each new day, at midnight India time
 * (server/plugins/pages.ts), setting this in the router's context. Read by the loaders only:
 * nothing of it reaches the browser's scripts.
 */
import { createContext } from 'react-router';
import { localDate } from '../../shared/institute-calendar';

export const renderDay = createContext<string>(localDate(new Date()));
