/**
 * The Contact page's own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { pageWords, section, seoSchema, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(350),
  visit: section,
  enquiry: section,
  /** The link to the prospectus, where institute.prospectus names one: {size} is its size ("1.2 MB"). */
  prospectus: text(80),
});

declare module '../schema' {
  interface PageWords {
    contact: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'contact',
  schema,
  en: {
    seo: {
      title: 'Contact Vidyarthi Academy | Gopalpura, Jaipur',
      description:
        'Call, WhatsApp or visit Vidyarthi Academy in Gopalpura, Jaipur. Office hours, directions and a form to book a free counselling call.',
    },
    heading: 'Contact us',
    lead: 'Call or WhatsApp us, visit the centre, or leave your details below. We usually reply the same day during office hours.',
    visit: {
      heading: 'Visit the centre',
      intro:
        'You are welcome to walk in during office hours to see the classrooms, meet a teacher and ask about batches. On weekdays, late mornings are quietest; please bring your child’s latest marksheet if you want course advice.',
    },
    prospectus: 'Download the prospectus (PDF, {size})',
    enquiry: {
      heading: 'Send us an enquiry',
      intro:
        'Leave the student’s name, your mobile number and the course you are asking about. A counsellor will call you back within one working day.',
    },
  },
  hi: {
    seo: {
      title: 'संपर्क करें | Vidyarthi Academy, गोपालपुरा, जयपुर',
      description:
        'गोपालपुरा, जयपुर में विद्यार्थी अकादमी को कॉल या WhatsApp करें, या सेंटर पर आएँ। ऑफ़िस का समय, पहुँचने का रास्ता और मुफ़्त काउंसलिंग कॉल बुक करने का फ़ॉर्म।',
    },
    heading: 'संपर्क करें',
    lead: 'हमें कॉल या WhatsApp करें, सेंटर पर आएँ, या नीचे अपनी जानकारी दें। ऑफ़िस के समय में हम आमतौर पर उसी दिन जवाब देते हैं।',
    visit: {
      heading: 'सेंटर पर आएँ',
      intro:
        'ऑफ़िस के समय में आप बिना पहले से बताए आ सकते हैं — क्लासरूम देखें, किसी शिक्षक से मिलें और बैच के बारे में पूछें। सोमवार से शुक्रवार, दोपहर से पहले (लगभग 11–1 बजे) सबसे कम भीड़ रहती है। अगर आप कोर्स के बारे में सलाह चाहते हैं, तो कृपया बच्चे की हाल की मार्कशीट साथ लाएँ।',
    },
    prospectus: 'प्रॉस्पेक्टस डाउनलोड करें (PDF, {size})',
    enquiry: {
      heading: 'हमें अपनी पूछताछ भेजें',
      intro:
        'छात्र/छात्रा का नाम, अपना मोबाइल नंबर और जिस कोर्स के बारे में पूछना है, वह लिख दें। हमारे काउंसलर एक कामकाजी दिन के भीतर आपको कॉल करेंगे।',
    },
  },
});
