/**
 * The privacy notice's own words: their shape, then the same words in English and in Hindi, key for key and
 * item for item. Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import { z } from 'zod';
import { pageWords, seoSchema, text } from '../schema';

const schema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(450),
  sections: z
    .array(
      z.object({
        heading: text(90),
        paragraphs: z.array(text(800)).min(1).max(10),
        points: z.array(text(320)).max(20).optional(),
      }),
    )
    .min(5)
    .max(20),
});

declare module '../schema' {
  interface PageWords {
    privacy: z.infer<typeof schema>;
  }
}

export const words = pageWords({
  id: 'privacy',
  schema,
  en: {
    seo: {
      title: 'Privacy notice for parents and students | Vidyarthi Academy',
      description:
        'What Vidyarthi Academy collects when you enquire or book a seat, why, who sees it, how long we keep it, and how to withdraw consent or ask us to erase it.',
    },
    heading: 'Privacy notice',
    lead: 'Written for parents and students in plain words. It covers the enquiry form, booking a seat at the scholarship test or a demo class, the calls, emails and WhatsApp messages about them, and this website.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: ['When you send an enquiry we keep what you type into the form, and where your visit came from:'],
        points: [
          'the student’s name, class or current status, and the course you are asking about;',
          'a mobile number, your city, and an email address and message if you give them;',
          'for a student under 18, a parent’s or guardian’s name and mobile number;',
          'if you book a seat at the scholarship test or a demo class: the date chosen, the roll number we give you, whether the student came, and for the test the marks and the scholarship they earn;',
          'that you agreed to be contacted, the version of this notice you saw, and when;',
          'how you reached the website: the name of the advertisement or campaign in the link you opened (for example “neet-2027-jaipur”), an advertising click code if the link carried one, the name of the website that sent you there (only its name, not the page), and the first page you saw.',
        ],
      },
      {
        heading: 'How you reached us',
        paragraphs: [
          'We note how you reached the website so that we know which of our advertisements bring enquiries and admissions, and stop paying for those that do not. It is kept in your browser only until you close the tab, sent only with an enquiry, stored with that enquiry, and deleted with it. It is our own record of our own advertising: it is not shared with advertising companies and does not follow you to other websites.',
        ],
      },
      {
        heading: 'Why we collect it',
        paragraphs: [
          'To call or message you back about the course you asked about: fees, batches, timings and admission. If you book a seat, also to send the admit card and a reminder the day before, to check the student in at the door, and to tell you the result and the scholarship. We do not sell your details, and we do not use them for anything else.',
        ],
      },
      {
        heading: 'Who sees it',
        paragraphs: [
          'Our admissions counsellors and the office manager. Enquiries reach them by email and through our enquiry list; nobody outside the institute can read them on this website.',
          'If the website shows advertising measurement (the Meta pixel), it is switched on only if you accept it. When you then send an enquiry, Meta is told from your browser that an enquiry was sent and for which course. A seat booked is told to Meta in the same way as an enquiry.',
          'Our server may tell Meta the same directly, so that the count is not lost when a browser blocks it. Then, besides the course, it sends your mobile number and email address only in a scrambled form (a one-way code called a “hash”, which Meta can only compare with numbers and emails people have already given it), your device’s internet (IP) address, your browser’s type, and the address of the page. Never your name, the student’s details or your message. We keep the address and browser type only until Meta has received it.',
          'If you then visit us or join, our server tells Meta that too (a visit booked, or an admission and the course’s fee), with the same scrambled number and email, never your name.',
          'If you came to the website from a Google ad and join, we may tell Google Ads that the click led to an admission: only the click’s code, the day and the course’s fee. Never your name, number or email.',
          'If you declined, or if a student under 18 sends the form, Meta and Google are told nothing at all: not from your browser, and not from our server. If you did not answer, Meta is told nothing.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We delete an enquiry and its records one year after we receive it, or sooner if you ask us to. If the student joins, admission records are kept separately under the admission agreement.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can withdraw your consent to be contacted, or ask us to erase everything we hold about you, at any time: call or email the person below and give the mobile number you used. We erase it within seven days and confirm when it is done.',
        ],
      },
      {
        heading: 'Questions and complaints',
        paragraphs: [
          'Our grievance contact answers questions and complaints about your personal data. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
        ],
      },
    ],
  },
  hi: {
    seo: {
      title: 'अभिभावकों और छात्रों के लिए गोपनीयता सूचना | Vidyarthi Academy',
      description:
        'पूछताछ या सीट बुक करने पर विद्यार्थी अकादमी कौन-सी जानकारी लेती है, क्यों, उसे कौन देखता है, कितने समय तक रखी जाती है, और सहमति वापस लेने या उसे मिटवाने का तरीक़ा।',
    },
    heading: 'गोपनीयता सूचना',
    lead: 'अभिभावकों और छात्रों के लिए आसान शब्दों में लिखी गई सूचना। यह पूछताछ फ़ॉर्म, स्कॉलरशिप टेस्ट या डेमो क्लास की सीट बुकिंग, इनसे जुड़ी कॉल, ईमेल और WhatsApp संदेशों, और इस वेबसाइट पर लागू होती है।',
    sections: [
      {
        heading: 'हम कौन-सी जानकारी लेते हैं',
        paragraphs: ['जब आप पूछताछ भेजते हैं, तो हम वह जानकारी रखते हैं जो आप फ़ॉर्म में भरते हैं, और यह कि आप वेबसाइट पर कहाँ से आए:'],
        points: [
          'छात्र का नाम, कक्षा या वर्तमान स्थिति, और वह कोर्स जिसके बारे में आप पूछ रहे हैं;',
          'मोबाइल नंबर, आपका शहर, और अगर आप दें तो ईमेल पता और संदेश;',
          '18 साल से कम उम्र के छात्र के लिए माता-पिता या अभिभावक का नाम और मोबाइल नंबर;',
          'अगर आप स्कॉलरशिप टेस्ट या डेमो क्लास की सीट बुक करते हैं: चुनी गई तारीख़, आपको दिया गया रोल नंबर, छात्र आया या नहीं, और टेस्ट के अंक व उनसे मिलने वाली स्कॉलरशिप;',
          'यह कि आपने संपर्क किए जाने की सहमति दी, आपने इस सूचना का कौन-सा संस्करण देखा, और सहमति कब दी;',
          'आप वेबसाइट तक कैसे पहुँचे: जिस लिंक को आपने खोला, उसमें लिखा विज्ञापन या अभियान का नाम (जैसे “neet-2027-jaipur”), अगर लिंक में विज्ञापन-क्लिक का कोड था तो वह कोड, जिस वेबसाइट से आप आए उसका नाम (केवल नाम, पेज नहीं), और आपने सबसे पहले कौन-सा पेज देखा।',
        ],
      },
      {
        heading: 'आप हम तक कैसे पहुँचे',
        paragraphs: [
          'हम यह इसलिए दर्ज करते हैं ताकि जान सकें कि हमारे कौन-से विज्ञापन पूछताछ और एडमिशन लाते हैं, और जो नहीं लाते उन पर पैसा ख़र्च करना बंद कर सकें। यह जानकारी टैब बंद करने तक केवल आपके ब्राउज़र में रहती है, केवल पूछताछ के साथ भेजी जाती है, उसी पूछताछ के साथ रखी जाती है और उसी के साथ मिटा दी जाती है। यह हमारे अपने विज्ञापनों का हमारा अपना रिकॉर्ड है: यह किसी विज्ञापन कंपनी को नहीं दिया जाता और दूसरी वेबसाइटों पर आपका पीछा नहीं करता।',
        ],
      },
      {
        heading: 'हम यह जानकारी क्यों लेते हैं',
        paragraphs: [
          'आपने जिस कोर्स के बारे में पूछा है, उसकी फ़ीस, बैच, समय और एडमिशन के बारे में कॉल या मैसेज करके जवाब देने के लिए। सीट बुक करने पर एडमिट कार्ड और एक दिन पहले रिमाइंडर भेजने, सेंटर पर छात्र की हाज़िरी लगाने और टेस्ट का रिज़ल्ट व स्कॉलरशिप बताने के लिए भी। हम आपकी जानकारी बेचते नहीं हैं, और उसका उपयोग किसी और काम के लिए नहीं करते।',
        ],
      },
      {
        heading: 'इसे कौन देखता है',
        paragraphs: [
          'हमारे एडमिशन काउंसलर और ऑफ़िस मैनेजर। पूछताछ उन तक ईमेल से और हमारी पूछताछ सूची के ज़रिए पहुँचती है; संस्थान के बाहर का कोई भी व्यक्ति इस वेबसाइट पर उसे नहीं पढ़ सकता।',
          'अगर वेबसाइट पर विज्ञापन के असर को मापने वाला टूल (Meta पिक्सेल) लगा हो, तो वह तभी चालू होता है जब आप उसे स्वीकार करते हैं। उसके बाद जब आप पूछताछ भेजते हैं, तो आपके ब्राउज़र से Meta को बताया जाता है कि एक पूछताछ भेजी गई और किस कोर्स के लिए। सीट बुक होने की सूचना भी Meta को इसी तरह दी जाती है।',
          'हमारा सर्वर भी यही बात सीधे Meta को भेज सकता है, ताकि ब्राउज़र के रोक देने पर भी गिनती न छूटे। तब कोर्स के साथ आपका मोबाइल नंबर और ईमेल केवल बदले हुए रूप में जाते हैं (एकतरफ़ा कोड, जिसे “हैश” कहते हैं; Meta इसे केवल उन नंबरों और ईमेल से मिला सकता है जो लोग उसे पहले से दे चुके हैं), साथ में आपके डिवाइस का इंटरनेट (IP) पता, आपके ब्राउज़र का प्रकार और पेज का पता। आपका नाम, छात्र की जानकारी या आपका संदेश कभी नहीं भेजा जाता। IP पता और ब्राउज़र का प्रकार हम केवल तब तक रखते हैं जब तक ये Meta तक पहुँच न जाएँ।',
          'अगर इसके बाद आप हमसे मिलने आते हैं या एडमिशन लेते हैं, तो हमारा सर्वर यह भी Meta को बताता है (मुलाक़ात तय हुई, या एडमिशन और कोर्स की फ़ीस), उसी बदले हुए नंबर और ईमेल के साथ; आपका नाम कभी नहीं।',
          'अगर आप Google के विज्ञापन से वेबसाइट पर आए और एडमिशन लेते हैं, तो हम Google Ads को बता सकते हैं कि उस क्लिक से एडमिशन हुआ: केवल क्लिक का कोड, दिन और कोर्स की फ़ीस। आपका नाम, नंबर या ईमेल कभी नहीं।',
          'अगर आपने मना किया है, या 18 साल से कम उम्र का छात्र फ़ॉर्म भेजता है, तो Meta और Google को कुछ भी नहीं बताया जाता: न आपके ब्राउज़र से, न हमारे सर्वर से। अगर आपने कोई जवाब नहीं दिया है, तो Meta को कुछ नहीं बताया जाता।',
        ],
      },
      {
        heading: 'हम इसे कितने समय तक रखते हैं',
        paragraphs: [
          'पूछताछ मिलने के एक साल बाद हम उसे और उससे जुड़े सभी रिकॉर्ड मिटा देते हैं, या आपके कहने पर उससे पहले भी। अगर छात्र एडमिशन लेता है, तो एडमिशन के रिकॉर्ड एडमिशन एग्रीमेंट के तहत अलग से रखे जाते हैं।',
        ],
      },
      {
        heading: 'आपके विकल्प',
        paragraphs: [
          'आप कभी भी संपर्क किए जाने की अपनी सहमति वापस ले सकते हैं, या हमसे कह सकते हैं कि आपके बारे में हमारे पास जो भी जानकारी है, वह सब मिटा दें। इसके लिए नीचे दिए गए व्यक्ति को कॉल या ईमेल करें और वह मोबाइल नंबर बताएँ जो आपने दिया था। हम सात दिनों के भीतर जानकारी मिटा देते हैं और काम पूरा होने पर आपको इसकी सूचना दे देते हैं।',
        ],
      },
      {
        heading: 'सवाल और शिकायतें',
        paragraphs: [
          'आपके व्यक्तिगत डेटा से जुड़े सवालों और शिकायतों का जवाब नीचे ‘शिकायत के लिए संपर्क’ में दिए गए व्यक्ति देते हैं। अगर आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) में शिकायत कर सकते हैं।',
        ],
      },
    ],
  },
});
