/** स्कॉलरशिप के शब्द: उसके तथ्य (कौन, किन कोर्स के लिए, अंक और छूट) ../institute.ts में institute.scholarship हैं। */
import type { Copy } from '../schema';

export const scholarship: NonNullable<Copy['scholarship']> = {
  range: '{min}% से {max}% तक',
  feePart: 'कोर्स के पेज पर दी गई फ़ीस (GST सहित; दो साल के कोर्स में पहले वर्ष की फ़ीस)',
  bandsHeading: 'स्कोर से कितनी स्कॉलरशिप',
  marks: 'अंक ({max} में से)',
  percent: 'स्कॉलरशिप',
  band: '{from} या ज़्यादा, {to} से कम',
  topBand: '{from} या उससे ज़्यादा',
  off: '{percent}% की छूट',
};
