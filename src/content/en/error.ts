/** Shown when a page cannot be shown. */
import type { Copy } from '../schema';

export const error: Copy['error'] = {
  heading: 'Something went wrong',
  body: 'Please reload the page, or call us — the number is at the bottom of this page.',
};
