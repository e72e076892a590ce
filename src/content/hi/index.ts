/** Every word of the site in Hindi. */
import type { Copy } from '../schema';
import { courses } from './courses';
import { error } from './error';
import { form } from './form';
import { events } from './events';
import { notices } from './notices';
import { feeDetails } from './fee-details';
import { refunds } from './refunds';
import { scholarship } from './scholarship';
// Every page's own words (home, about, contact…), in src/content/pages/: a new page's are found there.
import { pageWordsIn } from '../pages';
import { teachers, testimonials } from './people';
import { site, ui } from './site';

export const hi: Copy = {
  error,
  site,
  ui,
  form,
  ...pageWordsIn('hi'),
  courses,
  notices,
  scholarship,
  refunds,
  feeDetails,
  events,
  teachers,
  testimonials,
};
