/** Hindi: shown when a page cannot be shown. */
import type { Copy } from '../schema';

export const error: Copy['error'] = {
  heading: 'कुछ गड़बड़ हो गई',
  body: 'कृपया पेज दोबारा लोड करें, या हमें कॉल करें — नंबर इस पेज में सबसे नीचे दिया है।',
};
