/**
 * The not-found page's own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { pageWords, seoSchema, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  homeLink: text(40),
  coursesHeading: text(60),
});

declare module '../schema' {
  interface PageWords {
    notFound: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'notFound',
  schema,
  en: {
    seo: {
      title: 'Page not found | Vidyarthi Academy',
      description:
        'The page you were looking for is not here. It may have moved; go back to the home page or pick one of our NEET, JEE Main or Foundation courses.',
    },
    heading: 'Page not found',
    lead: 'Sorry, we could not find that page. It may have been moved, or the link may have a typing mistake.',
    homeLink: 'Go to the home page',
    coursesHeading: 'Or look through our courses',
  },
  hi: {
    seo: {
      title: 'पेज नहीं मिला | Vidyarthi Academy',
      description:
        'आप जो पेज ढूँढ रहे थे, वह यहाँ नहीं है। हो सकता है वह कहीं और चला गया हो; होम पेज पर लौटें या हमारे NEET, JEE Main या फ़ाउंडेशन कोर्स देखें।',
    },
    heading: 'पेज नहीं मिला',
    lead: 'क्षमा करें, यह पेज हमें नहीं मिला। हो सकता है इसे कहीं और ले जाया गया हो, या लिंक में टाइपिंग की कोई ग़लती हो।',
    homeLink: 'होम पेज पर जाएँ',
    coursesHeading: 'या हमारे कोर्स देखें',
  },
});
