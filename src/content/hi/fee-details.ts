/** कोर्स के पेज पर पूरी फ़ीस के शब्द; राशियाँ तथ्य हैं (../institute.ts: courses[].fees)। */
import type { Copy } from '../schema';

export const feeDetails: NonNullable<Copy['feeDetails']> = {
  total: 'पूरे कोर्स की कुल फ़ीस',
  totalYears: 'पूरे प्रोग्राम की कुल फ़ीस ({years} वर्ष)',
  gst: 'इसमें शामिल GST ({percent}%): {amount}',
  year: 'वर्ष {year}',
  admissionCharge: 'एडमिशन चार्ज: {amount}, पहली क़िस्त में शामिल (वापस नहीं होता)',
  school: 'पार्टनर स्कूल की अपनी फ़ीस: {from} से {to} प्रति वर्ष, सीधे स्कूल में जमा होती है, ऊपर की फ़ीस में शामिल नहीं',
  tableHeading: 'कुल फ़ीस',
  tableYears: '{years} वर्षों के लिए {amount}',
};
