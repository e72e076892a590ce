/**
 * The thank-you page (after an enquiry sent without JavaScript)'s own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { pageWords, seoSchema, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  nextHeading: text(60),
  next: z.array(text(220)).min(2).max(5),
  coursesHeading: text(80),
});

declare module '../schema' {
  interface PageWords {
    thankYou: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'thankYou',
  schema,
  en: {
    seo: {
      title: 'Thank you for your enquiry | Vidyarthi Academy',
      description:
        'We have received your enquiry. A counsellor from Vidyarthi Academy will call you back within one working day to talk about the right course.',
    },
    heading: 'Thank you — we have your enquiry',
    lead: 'A counsellor will call you back within one working day (Monday to Saturday), usually the same day.',
    nextHeading: 'What happens next',
    next: [
      'A counsellor calls you on the number you gave, from our office line.',
      'We talk through the student’s class, school timetable and goals, and suggest a course and batch.',
      'If you like, we book a free visit to the centre or a seat at a demo class. There is no obligation to join.',
    ],
    coursesHeading: 'While you wait, read about our courses',
  },
  hi: {
    seo: {
      title: 'आपकी पूछताछ के लिए धन्यवाद | Vidyarthi Academy',
      description:
        'हमें आपकी पूछताछ मिल गई है। विद्यार्थी अकादमी के काउंसलर एक कामकाजी दिन के भीतर आपको कॉल करके सही कोर्स के बारे में बात करेंगे।',
    },
    heading: 'धन्यवाद — आपकी पूछताछ हमें मिल गई है',
    lead: 'हमारे काउंसलर एक कामकाजी दिन (सोमवार से शनिवार) के भीतर आपको कॉल करेंगे, आमतौर पर उसी दिन।',
    nextHeading: 'आगे क्या होगा',
    next: [
      'काउंसलर हमारे ऑफ़िस के नंबर से, आपके दिए हुए मोबाइल नंबर पर कॉल करेंगे।',
      'हम छात्र की कक्षा, स्कूल के टाइमटेबल और लक्ष्य के बारे में बात करेंगे, और एक कोर्स और बैच सुझाएँगे।',
      'आप चाहें तो हम सेंटर पर मुफ़्त विज़िट या डेमो क्लास की सीट बुक कर देंगे। एडमिशन लेने का कोई दबाव नहीं है।',
    ],
    coursesHeading: 'तब तक हमारे कोर्स के बारे में पढ़ें',
  },
});
