/** The words of each dated notice in the facts (institute.notices), by its id. Plain text: its title links where the facts say. */
import type { Copy } from '../schema';

export const notices: NonNullable<Copy['notices']> = {
  'neet-2027-admissions': {
    title: 'Admissions open for the NEET batches starting in 2027',
    body: 'Weekend, repeaters and crash course batches start from February 2027. Ask for a call back to hear the dates, timings and fees.',
  },
  'republic-day-2027': {
    title: 'Closed on 26 January for Republic Day',
    body: 'All classes and the office are closed that day. From 27 January, classes are back at their usual times.',
  },
};
