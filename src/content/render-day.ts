/**
 * The day the pages are rendered for (YYYY-MM-DD, in the institute's time zone): a batch
 * that has begun by then is no longer listed, "next batch" is the first still to begin, and
 * a seats count older than `seatsShownForDays` is not shown. The build renders the pages for
 * the day it runs; the server renders them again for each new day, at midnight India time
 * (server/plugins/pages.ts), setting this in the router's context. Read by the loaders only:
 * nothing of it reaches the browser's scripts.
 */
import { createContext } from 'react-router';
import { addDays, localDate } from '../../shared/institute-calendar';
import type { Institute } from './schema';

export const renderDay = createContext<string>(localDate(new Date()));

type Batch = Institute['courses'][number]['batches'][number];

/**
 * A course's batches as a page shows them on `day` (YYYY-MM-DD, the institute's date): those
 * still to begin (one beginning that day too), the soonest first, so the first is the next
 * batch; each seats count only while it is at most `seatsShownForDays` old.
 */
export function batchesOn(batches: readonly Batch[], day: string, seatsShownForDays: number): Batch[] {
  return batches
    .filter((batch) => batch.starts >= day)
    .sort((a, b) => a.starts.localeCompare(b.starts))
    .map(({ seatsLeft, ...batch }) =>
      seatsLeft && addDays(seatsLeft.asOf, seatsShownForDays) >= day ? { ...batch, seatsLeft } : batch,
    );
}
