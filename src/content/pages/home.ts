/**
 * The home page's own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { faqSchema, pageWords, point, section, seoSchema, stat, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  hero: z.object({
    eyebrow: text(80),
    heading: text(110).describe('The page <h1>.'),
    lead: text(300),
    primaryCta: text(40).describe('Button that opens the enquiry form.'),
    secondaryCta: text(40).describe('Button that calls the institute.'),
    highlights: z.array(text(80)).min(2).max(4),
    /** What the hero photo shows; needed when institute.heroPhoto names one. */
    photoAlt: text(160).optional(),
  }),
  courses: section,
  comparison: section,
  whyUs: section.extend({ points: z.array(point).min(3).max(6) }),
  results: section.extend({
    stats: z.array(stat).min(3).max(6),
    note: text(260).describe('How the figures were counted.'),
  }),
  testimonials: section,
  faq: section.extend({ items: z.array(faqSchema).min(4).max(25) }),
  enquiry: section,
});

declare module '../schema' {
  interface PageWords {
    home: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'home',
  schema,
  en: {
    seo: {
      title: 'NEET & JEE Main Coaching in Jaipur | Vidyarthi Academy',
      description:
        'Classroom coaching in Jaipur for NEET, JEE Main and Class 8–10 Foundation: batches capped at 60, regular tests and teachers who know every student by name.',
    },
    hero: {
      eyebrow: 'NEET · JEE Main · Foundation — Jaipur',
      heading: 'Steady preparation for NEET and JEE Main, close to home in Jaipur',
      lead: 'Classroom batches of at most 60, a test every fortnight and a mentor who calls home every month. Courses for Class 8 to 12 and for students taking NEET again after Class 12.',
      primaryCta: 'Book a free counselling call',
      secondaryCta: 'Call us now',
      highlights: [
        'No more than 60 students in a batch',
        'Fortnightly tests with written feedback',
        'Doubt counter open Monday to Friday',
        'Monthly progress report; parent–teacher meeting every term',
      ],
    },
    courses: {
      heading: 'Our courses',
      intro:
        'Six courses, from Class 8 Foundation to a full-time course for droppers. Each page lists the timings, fees, instalments and the next batch dates.',
    },
    comparison: {
      heading: 'Compare the courses',
      intro:
        'Not sure which one fits? Compare the classes, timings, duration and fees side by side, or book a free counselling call and we will help you choose.',
    },
    whyUs: {
      heading: 'Why parents choose Vidyarthi Academy',
      points: [
        {
          title: 'Teachers who know your child',
          body: 'Batches are capped at 60, and every student has a faculty mentor who meets them every two weeks and keeps track of their test scores.',
        },
        {
          title: 'NCERT first, always',
          body: 'Most NEET questions and a good share of JEE Main Chemistry come from NCERT. We teach from it line by line before moving to harder practice.',
        },
        {
          title: 'Tests that lead to action',
          body: 'After every test, students get a chapter-wise report, and teachers plan the next week’s doubt sessions around the most common mistakes.',
        },
        {
          title: 'Parents kept in the loop',
          body: 'You get a short progress report every month and a parent–teacher meeting every term. If attendance or marks drop, we call you the same week.',
        },
        {
          title: 'School and boards respected',
          body: 'Timetables are planned around school hours and board exam dates, so students do not have to choose between school and coaching.',
        },
      ],
    },
    results: {
      heading: 'Results from 2026',
      intro: 'A few numbers from our students’ 2026 exams and board results.',
      stats: [
        { figure: '365', label: 'students of our weekend, repeaters and crash NEET courses qualified NEET 2026' },
        { figure: '138', label: 'JEE Main course students reached the JEE Advanced cut-off via JEE Main 2026' },
        { figure: '96', label: 'Foundation students scored 90% or more in Class 10 boards' },
        { figure: '60', label: 'students at most in any classroom batch' },
      ],
      note: 'These are sample figures for illustration only, not real results. Each figure counts only the courses it names: the integrated programme’s results are on its own page. A live site would count each student once, from score cards checked by our office.',
    },
    testimonials: {
      heading: 'What students and parents say',
    },
    faq: {
      heading: 'Common questions',
      items: [
        {
          question: 'How do I know which course is right for my child?',
          answer:
            'Book a free counselling call. A counsellor will ask about your child’s class, school timings and recent marks, and suggest a course. There is no pressure to join on the call.',
        },
        {
          question: 'Is there a scholarship test?',
          answer:
            'Yes. The Vidyarthi Scholarship Test is held on selected Sundays from December to May for {scholarshipClasses}. Depending on the score, students joining the {scholarshipCourses} course get {scholarshipRange} off {scholarshipFeePart}. The test itself is free: book a seat on the Scholarship test page.',
        },
        {
          question: 'Can we pay the fee in instalments?',
          answer:
            'Yes. Every course can be paid in two or three instalments, listed on the course page, with no extra charge. Payment is by UPI, card, bank transfer or cheque, and you get a GST receipt for each payment.',
        },
        {
          question: 'Do you offer online classes?',
          answer:
            'Our courses are classroom-based. The NEET crash course can also be attended live online, and recordings of most classes are available to enrolled students on the student portal for a few days.',
        },
        {
          question: 'Do you provide a hostel?',
          answer:
            'We do not run a hostel. We share a list of hostels and PGs near the centre that other families have used, and we suggest visiting them with your child before deciding.',
        },
        {
          question: 'Can my child attend a demo class before joining?',
          answer:
            'Yes. Book a seat at a free demo class on the Demo class page (in the menu). If you would like your child to sit in on a regular class of the course, call or WhatsApp us and we will arrange it.',
        },
      ],
    },
    enquiry: {
      heading: 'Book a free counselling call',
      intro:
        'Leave the student’s name, your mobile number and the course you are asking about. A counsellor will call you back within one working day to talk through courses, fees and batch dates.',
    },
  },
  hi: {
    seo: {
      title: 'जयपुर में NEET और JEE Main कोचिंग | Vidyarthi Academy',
      description:
        'जयपुर में NEET, JEE Main और कक्षा 8–10 फ़ाउंडेशन की क्लासरूम कोचिंग: एक बैच में अधिकतम 60 छात्र, नियमित टेस्ट और ऐसे शिक्षक जो हर छात्र को नाम से जानते हैं।',
    },
    hero: {
      eyebrow: 'NEET · JEE Main · फ़ाउंडेशन — जयपुर',
      heading: 'घर के पास, जयपुर में NEET और JEE Main की लगातार, सधी हुई तैयारी',
      lead: 'अधिकतम 60 छात्रों के क्लासरूम बैच, हर 15 दिन में एक टेस्ट और एक मेंटर जो हर महीने घर पर फ़ोन करते हैं। कक्षा 8 से 12 के छात्रों के लिए, और 12वीं के बाद दोबारा NEET देने वाले छात्रों के लिए भी कोर्स हैं।',
      primaryCta: 'मुफ़्त काउंसलिंग कॉल बुक करें',
      secondaryCta: 'अभी कॉल करें',
      highlights: [
        'एक बैच में 60 से ज़्यादा छात्र नहीं',
        'हर 15 दिन में टेस्ट, लिखित फ़ीडबैक के साथ',
        'डाउट काउंटर सोमवार से शुक्रवार रोज़ खुला',
        'हर महीने प्रोग्रेस रिपोर्ट, हर टर्म में पैरेंट–टीचर मीटिंग',
      ],
    },
    courses: {
      heading: 'हमारे कोर्स',
      intro:
        'कक्षा 8 के फ़ाउंडेशन से लेकर ड्रॉपर छात्रों के फ़ुल-टाइम कोर्स तक, कुल छह कोर्स। हर कोर्स के पेज पर क्लास का समय, फ़ीस, क़िस्तें और अगले बैच की तारीख़ें दी गई हैं।',
    },
    comparison: {
      heading: 'कोर्सों की तुलना करें',
      intro:
        'तय नहीं कर पा रहे कि कौन-सा कोर्स सही रहेगा? कक्षा, समय, अवधि और फ़ीस एक साथ मिलाकर देखें, या मुफ़्त काउंसलिंग कॉल बुक करें — सही कोर्स चुनने में हम आपकी मदद करेंगे।',
    },
    whyUs: {
      heading: 'अभिभावक विद्यार्थी अकादमी को क्यों चुनते हैं',
      points: [
        {
          title: 'शिक्षक, जो आपके बच्चे को जानते हैं',
          body: 'एक बैच में अधिकतम 60 छात्र होते हैं, और हर छात्र के एक फ़ैकल्टी मेंटर होते हैं, जो हर दो हफ़्ते में उससे मिलते हैं और उसके टेस्ट के अंकों पर नज़र रखते हैं।',
        },
        {
          title: 'हमेशा पहले NCERT',
          body: 'NEET के ज़्यादातर प्रश्न और JEE Main केमिस्ट्री का अच्छा-ख़ासा हिस्सा NCERT से आता है। कठिन अभ्यास से पहले हम NCERT को लाइन-दर-लाइन पढ़ाते हैं।',
        },
        {
          title: 'हर टेस्ट के बाद ठोस क़दम',
          body: 'हर टेस्ट के बाद छात्रों को चैप्टर-वार रिपोर्ट मिलती है, और शिक्षक सबसे आम ग़लतियों को ध्यान में रखकर अगले हफ़्ते के डाउट सेशन की योजना बनाते हैं।',
        },
        {
          title: 'अभिभावकों से लगातार बात',
          body: 'आपको हर महीने एक छोटी प्रोग्रेस रिपोर्ट मिलती है और हर टर्म में एक पैरेंट–टीचर मीटिंग होती है। अगर उपस्थिति या अंक गिरते हैं, तो हम उसी हफ़्ते आपको फ़ोन करते हैं।',
        },
        {
          title: 'स्कूल और बोर्ड परीक्षा का ध्यान',
          body: 'टाइमटेबल स्कूल के समय और बोर्ड परीक्षा की तारीख़ों को ध्यान में रखकर बनाया जाता है, ताकि छात्रों को स्कूल और कोचिंग में से किसी एक को चुनना न पड़े।',
        },
      ],
    },
    results: {
      heading: '2026 के रिज़ल्ट',
      intro: 'हमारे छात्रों की 2026 की परीक्षाओं और बोर्ड रिज़ल्ट के कुछ आँकड़े।',
      stats: [
        { figure: '365', label: 'छात्रों ने हमारे वीकेंड, रिपीटर्स और क्रैश NEET कोर्स से NEET 2026 क्वालिफ़ाई किया' },
        { figure: '138', label: 'JEE Main कोर्स के छात्रों ने JEE Main 2026 से JEE Advanced की कट-ऑफ़ पार की' },
        { figure: '96', label: 'फ़ाउंडेशन छात्रों ने कक्षा 10 बोर्ड में 90% या उससे ज़्यादा अंक पाए' },
        { figure: '60', label: 'किसी भी क्लासरूम बैच में अधिकतम छात्र' },
      ],
      note: 'ये उदाहरण के लिए दिए गए नमूना आँकड़े हैं, असली रिज़ल्ट नहीं। हर आँकड़ा सिर्फ़ उन्हीं कोर्स को गिनता है जिनका उसमें नाम है; इंटीग्रेटेड प्रोग्राम के रिज़ल्ट उसके अपने पेज पर हैं। असली वेबसाइट पर हर छात्र एक बार गिना जाता, ऑफ़िस में जाँचे गए स्कोर कार्ड से।',
    },
    testimonials: {
      heading: 'छात्र और अभिभावक क्या कहते हैं',
    },
    faq: {
      heading: 'अक्सर पूछे जाने वाले सवाल',
      items: [
        {
          question: 'मुझे कैसे पता चलेगा कि मेरे बच्चे के लिए कौन-सा कोर्स सही है?',
          answer:
            'मुफ़्त काउंसलिंग कॉल बुक करें। हमारे काउंसलर आपके बच्चे की कक्षा, स्कूल के समय और हाल के अंकों के बारे में पूछेंगे और उसके लिए सही कोर्स सुझाएँगे। कॉल पर एडमिशन लेने का कोई दबाव नहीं होता।',
        },
        {
          question: 'क्या कोई स्कॉलरशिप टेस्ट होता है?',
          answer:
            'हाँ। विद्यार्थी अकादमी स्कॉलरशिप टेस्ट दिसंबर से मई तक चुने हुए रविवारों को {scholarshipClasses} के लिए होता है। स्कोर के आधार पर {scholarshipCourses} कोर्स में एडमिशन लेने वाले छात्रों को {scholarshipFeePart} में {scholarshipRange} की छूट मिलती है। यह टेस्ट देना पूरी तरह मुफ़्त है: स्कॉलरशिप टेस्ट के पेज पर सीट बुक करें।',
        },
        {
          question: 'क्या फ़ीस क़िस्तों में दी जा सकती है?',
          answer:
            'हाँ। हर कोर्स की फ़ीस दो या तीन क़िस्तों में दी जा सकती है, जिनकी जानकारी कोर्स के पेज पर दी गई है; इसके लिए कोई अतिरिक्त चार्ज नहीं लगता। भुगतान UPI, कार्ड, बैंक ट्रांसफ़र या चेक से किया जा सकता है, और हर भुगतान की GST रसीद मिलती है।',
        },
        {
          question: 'क्या आप ऑनलाइन क्लास भी चलाते हैं?',
          answer:
            'हमारे कोर्स क्लासरूम में ही पढ़ाए जाते हैं। NEET क्रैश कोर्स की क्लास ऑनलाइन लाइव भी अटेंड की जा सकती हैं, और ज़्यादातर क्लास की रिकॉर्डिंग एडमिशन ले चुके छात्रों के लिए स्टूडेंट पोर्टल पर कुछ दिनों तक उपलब्ध रहती है।',
        },
        {
          question: 'क्या आप हॉस्टल की सुविधा देते हैं?',
          answer:
            'हम अपना हॉस्टल नहीं चलाते। सेंटर के पास के जिन हॉस्टल और PG में दूसरे परिवारों के बच्चे रह चुके हैं, उनकी सूची हम आपको देते हैं। हमारी सलाह है कि कोई फ़ैसला लेने से पहले आप अपने बच्चे के साथ जाकर उन्हें देख लें।',
        },
        {
          question: 'क्या एडमिशन से पहले मेरा बच्चा डेमो क्लास में बैठ सकता है?',
          answer:
            'हाँ। मेनू में डेमो क्लास के पेज पर मुफ़्त डेमो क्लास की सीट बुक करें। अगर आप चाहते हैं कि बच्चा कोर्स की किसी नियमित क्लास में बैठे, तो हमें कॉल या WhatsApp करें, हम इंतज़ाम कर देंगे।',
        },
      ],
    },
    enquiry: {
      heading: 'मुफ़्त काउंसलिंग कॉल बुक करें',
      intro:
        'छात्र/छात्रा का नाम, अपना मोबाइल नंबर और जिस कोर्स के बारे में पूछना है, वह लिख दें। हमारे काउंसलर एक कामकाजी दिन के भीतर आपको कॉल करेंगे और कोर्स, फ़ीस और बैच की तारीख़ों के बारे में बात करेंगे।',
    },
  },
});
