/** How the pages say the scholarship: its facts (who, which courses, the bands) are institute.scholarship in ../institute.ts. */
import type { Copy } from '../schema';

export const scholarship: NonNullable<Copy['scholarship']> = {
  range: '{min}% to {max}%',
  feePart: 'the course fee shown on its page (GST included; for a two-year course, the first year’s fee)',
  bandsHeading: 'What the score earns',
  marks: 'Marks (out of {max})',
  percent: 'Scholarship',
  band: '{from} to under {to}',
  topBand: '{from} or more',
  off: '{percent}% off',
};
