/**
 * The About page's own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { pageWords, point, section, seoSchema, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  heading: text(110),
  lead: text(350),
  story: section.extend({ paragraphs: z.array(text(800)).min(2).max(10) }),
  approach: section.extend({ points: z.array(point).min(3).max(10) }),
  faculty: section,
  enquiry: section,
});

declare module '../schema' {
  interface PageWords {
    about: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'about',
  schema,
  en: {
    seo: {
      title: 'About Vidyarthi Academy | NEET & JEE Coaching, Jaipur',
      description:
        'How Vidyarthi Academy started in Jaipur in 2011, how we teach NEET, JEE Main and Foundation students, and the teachers behind our classrooms.',
    },
    heading: 'A coaching institute that started with one classroom',
    lead: 'Vidyarthi Academy began in 2011 in Gopalpura, Jaipur, with two teachers and 34 students. We have grown since, but we still cap batches at 60 and teach from NCERT first.',
    story: {
      heading: 'Our story',
      paragraphs: [
        'Dr. Meenakshi Rathore and Rajat Khandelwal had both taught in large coaching centres, where a single batch could have two hundred students and a teacher rarely learned their names. In 2011 they rented one room near Gopalpura Bypass and started a weekend NEET batch of 34 students, most of them from nearby schools.',
        'Parents told other parents. Over the next few years we added a full-time course for droppers, a weekday-evening JEE Main course and, at the request of families who wanted an earlier start, a Foundation course for Class 8 to 10. In 2020 we began working with a partner CBSE school so that Class 11 and 12 students could study for boards and entrance exams in one timetable.',
        'Today we teach across six courses, but a few things have not changed: no batch has more than 60 students, every student has a mentor, and parents hear from us every month.',
      ],
    },
    approach: {
      heading: 'How we teach',
      points: [
        {
          title: 'NCERT before anything else',
          body: 'Every chapter starts with the NCERT textbook. Only when students can explain the NCERT content do we move to previous-year questions and harder practice.',
        },
        {
          title: 'Batches capped at 60, named mentors',
          body: 'Batches are capped at 60. Each student is assigned a faculty mentor who reviews their tests every two weeks and is the family’s first point of contact.',
        },
        {
          title: 'Regular, useful tests',
          body: 'Tests follow the real exam pattern. Each one comes with a chapter-wise report, and the most common mistakes are discussed in the next doubt session.',
        },
        {
          title: 'Honest advice',
          body: 'If a course is not the right fit, or a student needs a different plan, we say so at counselling. We would rather lose an admission than set a student up to struggle.',
        },
      ],
    },
    faculty: {
      heading: 'Our teachers',
      intro:
        'Most of our teachers have been with us for more than five years. These are some of the people your child will learn from.',
    },
    enquiry: {
      heading: 'Questions about a course?',
      intro:
        'Have a question about a course, fees or timings? Leave your number and a counsellor will call you back within one working day.',
    },
  },
  hi: {
    seo: {
      title: 'Vidyarthi Academy के बारे में | NEET और JEE कोचिंग, जयपुर',
      description:
        'विद्यार्थी अकादमी की शुरुआत 2011 में जयपुर में कैसे हुई, हम NEET, JEE Main और फ़ाउंडेशन के छात्रों को कैसे पढ़ाते हैं, और हमारे शिक्षक कौन हैं।',
    },
    heading: 'एक क्लासरूम से शुरू हुआ कोचिंग संस्थान',
    lead: 'विद्यार्थी अकादमी की शुरुआत 2011 में जयपुर के गोपालपुरा में दो शिक्षकों और 34 छात्रों के साथ हुई थी। तब से हम बढ़े हैं, लेकिन आज भी एक बैच में 60 से ज़्यादा छात्र नहीं होते और पढ़ाई की शुरुआत NCERT से ही होती है।',
    story: {
      heading: 'हमारी कहानी',
      paragraphs: [
        'डॉ. मीनाक्षी राठौर और रजत खंडेलवाल, दोनों पहले बड़े कोचिंग सेंटरों में पढ़ा चुके थे, जहाँ एक ही बैच में दो सौ छात्र तक हो सकते थे और शिक्षक शायद ही कभी उनके नाम जान पाते थे। 2011 में उन्होंने गोपालपुरा बाईपास के पास एक कमरा किराए पर लिया और 34 छात्रों का एक वीकेंड NEET बैच शुरू किया। इनमें से ज़्यादातर छात्र आस-पास के स्कूलों से थे।',
        'एक अभिभावक ने दूसरे को बताया, और बात फैलती गई। अगले कुछ सालों में हमने ड्रॉपर छात्रों के लिए फ़ुल-टाइम कोर्स, सोमवार से शुक्रवार शाम को चलने वाला JEE Main कोर्स और — जल्दी शुरुआत चाहने वाले परिवारों के कहने पर — कक्षा 8 से 10 के लिए फ़ाउंडेशन कोर्स शुरू किया। 2020 में हमने एक पार्टनर CBSE स्कूल के साथ काम शुरू किया, ताकि कक्षा 11 और 12 के छात्र एक ही टाइमटेबल में बोर्ड और एंट्रेंस परीक्षा, दोनों की तैयारी कर सकें।',
        'आज हम छह कोर्स चलाते हैं, लेकिन कुछ बातें नहीं बदलीं: किसी भी बैच में 60 से ज़्यादा छात्र नहीं होते, हर छात्र का एक मेंटर होता है, और अभिभावकों से हम हर महीने बात करते हैं।',
      ],
    },
    approach: {
      heading: 'हम कैसे पढ़ाते हैं',
      points: [
        {
          title: 'सबसे पहले NCERT',
          body: 'हर चैप्टर की शुरुआत NCERT की किताब से होती है। जब छात्र NCERT की बातें ख़ुद समझा पाते हैं, तभी हम पिछले वर्षों के प्रश्नों और कठिन अभ्यास की ओर बढ़ते हैं।',
        },
        {
          title: 'एक बैच में अधिकतम 60 छात्र, हर छात्र का अपना मेंटर',
          body: 'एक बैच में अधिकतम 60 छात्र होते हैं। हर छात्र के लिए एक फ़ैकल्टी मेंटर तय होते हैं, जो हर दो हफ़्ते में उसके टेस्ट देखते हैं। परिवार को कोई भी बात हो, तो सबसे पहले उन्हीं से बात करें।',
        },
        {
          title: 'नियमित और काम के टेस्ट',
          body: 'टेस्ट असली परीक्षा के पैटर्न पर होते हैं। हर टेस्ट के साथ चैप्टर-वार रिपोर्ट मिलती है, और सबसे आम ग़लतियों पर अगले डाउट सेशन में चर्चा होती है।',
        },
        {
          title: 'सच्ची सलाह',
          body: 'अगर कोई कोर्स छात्र के लिए सही नहीं है, या उसे किसी अलग योजना की ज़रूरत है, तो हम काउंसलिंग में ही साफ़ बता देते हैं। किसी छात्र को मुश्किल में डालने से बेहतर है कि हम एक एडमिशन छोड़ दें।',
        },
      ],
    },
    faculty: {
      heading: 'हमारे शिक्षक',
      intro: 'हमारे ज़्यादातर शिक्षक पाँच साल से ज़्यादा समय से हमारे साथ हैं। ये उनमें से कुछ शिक्षक हैं, जिनसे आपका बच्चा पढ़ेगा।',
    },
    enquiry: {
      heading: 'किसी कोर्स के बारे में सवाल है?',
      intro:
        'कोर्स, फ़ीस या क्लास के समय के बारे में कोई सवाल है? अपना मोबाइल नंबर दें, हमारे काउंसलर एक कामकाजी दिन के भीतर आपको कॉल करेंगे।',
    },
  },
});
