/**
 * One word for one idea, in each language: the term the site uses and the variants it
 * refuses. The content check (validate.ts) reads every word a family receives: every string
 * of every language's copy (pages, courses, people, site, form, events: the emails, the admit
 * card and the registrant's page are made of these), the words the server says itself
 * (server-words.ts) and the desk's WhatsApp and SMS messages (message-templates.ts); it names
 * the key, the variant it found and the term to use instead. Hindi follows the coaching register parents hear at the
 * counter (फ़िज़िक्स, चैप्टर, एडमिशन), not textbook Sanskrit, and writes the nukta.
 *
 * A variant is matched as a whole word (or phrase): letters or vowel signs on either
 * side make it another word, so 'गणित' refuses गणित but not बीजगणित. Names are written
 * as they are even where they contain a refused word (`names`).
 *
 * To add a term: its concept, the form to use, and every form to refuse, inflections
 * included (सप्ताह and सप्ताहों). Read by the build only.
 */
import type { Language } from '../../shared/languages';

export type GlossaryEntry = {
  /** What the words mean, in English, for the message. */
  concept: string;
  use: string;
  refuse: readonly string[];
};

export type Glossary = Record<Language, readonly GlossaryEntry[]>;

/** Names kept as they are written, though they contain a refused word: the institute's name, a degree's. */
export const names: Record<Language, readonly string[]> = {
  en: ['M.Sc. Mathematics'],
  hi: ['विद्यार्थी अकादमी'],
};

export const glossary: Glossary = {
  en: [
    { concept: 'the subject', use: 'Maths', refuse: ['Mathematics', 'Math'] },
    { concept: 'a course of study', use: 'programme', refuse: ['program', 'programs'] },
    { concept: 'a schedule of classes', use: 'timetable', refuse: ['time-table', 'time table'] },
    { concept: 'who calls parents back', use: 'counsellor', refuse: ['counselor', 'counselors'] },
  ],
  hi: [
    // People and steps
    { concept: 'student', use: 'छात्र', refuse: ['विद्यार्थी', 'विद्यार्थियों'] },
    {
      concept: 'admission (an entrance exam is एंट्रेंस परीक्षा)',
      use: 'एडमिशन',
      refuse: ['प्रवेश', 'दाख़िला', 'दाख़िले', 'दाखिला', 'दाखिले'],
    },
    { concept: 'working day', use: 'कामकाजी दिन', refuse: ['कार्यदिवस', 'कार्यदिवसों'] },
    { concept: 'week', use: 'हफ़्ता', refuse: ['सप्ताह', 'सप्ताहों', 'साप्ताहिक', 'हफ्ता', 'हफ्ते', 'हफ्तों'] },
    { concept: 'chapter', use: 'चैप्टर', refuse: ['अध्याय', 'अध्यायों', 'अध्यायवार'] },
    { concept: 'progress report', use: 'प्रोग्रेस रिपोर्ट', refuse: ['प्रगति रिपोर्ट'] },
    { concept: 'printed', use: 'प्रिंटेड', refuse: ['छपा', 'छपे', 'छपी'] },
    { concept: 'free of charge', use: 'मुफ़्त', refuse: ['निःशुल्क', 'मुफ्त'] },
    { concept: 'GST, as the fees write it', use: 'GST', refuse: ['जीएसटी'] },
    { concept: 'optional', use: 'वैकल्पिक', refuse: ['ऐच्छिक'] },
    { concept: 'diagram', use: 'डायग्राम', refuse: ['चित्र', 'चित्रों'] },
    { concept: 'timetable', use: 'टाइमटेबल', refuse: ['टाइम-टेबल'] },
    { concept: 'to qualify', use: 'क्वालिफ़ाई', refuse: ['क्वालीफ़ाई', 'क्वालीफाई', 'क्वालिफाई'] },
    { concept: 'oneself', use: 'ख़ुद', refuse: ['खुद', 'स्वयं'] },
    { concept: 'one-year', use: 'एक-वर्षीय', refuse: ['एक वर्षीय'] },
    { concept: 'the grievance contact', use: 'शिकायत के लिए संपर्क', refuse: ['शिकायत-निवारण'] },
    // Subjects: the coaching names, as the course pages use them
    { concept: 'science', use: 'साइंस', refuse: ['विज्ञान'] },
    { concept: 'Physics', use: 'फ़िज़िक्स', refuse: ['भौतिकी', 'फिजिक्स'] },
    { concept: 'Chemistry', use: 'केमिस्ट्री', refuse: ['रसायन', 'केमेस्ट्री'] },
    { concept: 'Biology', use: 'बायोलॉजी', refuse: ['जीव विज्ञान'] },
    { concept: 'Maths', use: 'मैथ्स', refuse: ['गणित'] },
    { concept: 'Botany', use: 'बॉटनी', refuse: ['वनस्पति विज्ञान'] },
    { concept: 'Zoology', use: 'ज़ूलॉजी', refuse: ['प्राणी विज्ञान', 'जूलॉजी'] },
    { concept: 'Organic (Chemistry)', use: 'ऑर्गेनिक', refuse: ['कार्बनिक'] },
    { concept: 'Inorganic (Chemistry)', use: 'इनऑर्गेनिक', refuse: ['अकार्बनिक'] },
    { concept: 'Physical Chemistry', use: 'फ़िज़िकल केमिस्ट्री', refuse: ['भौतिक रसायन'] },
    { concept: 'coordinate geometry', use: 'कोऑर्डिनेट ज्योमेट्री', refuse: ['निर्देशांक ज्यामिति'] },
    { concept: 'reasoning', use: 'रीज़निंग', refuse: ['तर्कशक्ति'] },
    // The nukta, written every time
    { concept: 'date', use: 'तारीख़', refuse: ['तारीख', 'तारीखें', 'तारीखों'] },
    { concept: 'special', use: 'ख़ास', refuse: ['खास'] },
    { concept: 'full (full-time, full-length)', use: 'फ़ुल', refuse: ['फुल'] },
    { concept: 'last', use: 'आख़िरी', refuse: ['आखिरी'] },
    { concept: 'mistake', use: 'ग़लती', refuse: ['गलती', 'गलतियाँ', 'गलतियों'] },
    { concept: 'near', use: 'क़रीब', refuse: ['करीब'] },
    { concept: 'remaining', use: 'बाक़ी', refuse: ['बाकी'] },
    { concept: 'step', use: 'क़दम', refuse: ['कदम'] },
    { concept: 'instalment', use: 'क़िस्त', refuse: ['किस्त', 'किस्तें', 'किस्तों'] },
    { concept: 'area, neighbourhood', use: 'इलाक़ा', refuse: ['इलाका', 'इलाके', 'इलाकों'] },
    { concept: 'way, method', use: 'तरीक़ा', refuse: ['तरीका', 'तरीके', 'तरीकों'] },
  ],
};
