/** Hindi words of each dated notice in the facts (institute.notices), by its id. Mirrors en/notices.ts key for key. */
import type { Copy } from '../schema';

export const notices: NonNullable<Copy['notices']> = {
  'neet-2027-admissions': {
    title: '2027 के NEET बैचों में एडमिशन शुरू',
    body: 'वीकेंड, रिपीटर्स और क्रैश कोर्स के बैच फ़रवरी 2027 से शुरू हो रहे हैं। तारीख़ें, समय और फ़ीस जानने के लिए कॉल बैक का अनुरोध भेजें।',
  },
  'republic-day-2027': {
    title: '26 जनवरी को गणतंत्र दिवस की छुट्टी',
    body: 'उस दिन सभी क्लास और ऑफ़िस बंद रहेंगे। 27 जनवरी से क्लास अपने समय पर होंगी।',
  },
};
