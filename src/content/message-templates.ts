/**
 * The messages a counsellor sends a family from the desk (WhatsApp or SMS), as a new installation
 * starts with them: every one in English and Hindi, the family's language choosing which
 * (server/routes/desk/messages.ts). Admins edit them on the desk afterwards (desk_settings
 * 'templates'); these are the words until then. Placeholders in braces are filled in when the
 * message is opened: {name} the student, {course} the course's name in the family's language,
 * {batchDate} the next batch's start, {fee} the course's fee and {feePeriod} the period it covers
 * (`feePeriod` below, by the fee's `per`), {counsellor} who is writing, {institute} the institute's name.
 *
 * Read by the content check like every other word a family receives (src/content/validate.ts). The
 * defaults a new installation had before are `earlierDefaults`: an installation that saved one of
 * them unchanged is moved to today's by migration 024.
 */
import type { Language } from '../../shared/languages';

export type MessageTemplate = {
  id: string;
  /** What the desk calls it (the desk is in English). */
  name: string;
  channel: 'whatsapp' | 'sms';
  text: Record<Language, string>;
};

export const messageTemplates: MessageTemplate[] = [
  {
    id: 'first-reply',
    name: 'First reply (missed you)',
    channel: 'whatsapp',
    text: {
      en: 'Hello, this is {counsellor} from {institute}. Thank you for asking about {course} for {name}. I tried to call you but could not get through. When would be a good time to talk? Next batch: {batchDate}.',
      hi: 'नमस्ते, मैं {counsellor}, {institute} से। आपने {name} के लिए {course} के बारे में पूछा था, धन्यवाद। मैंने आपको कॉल किया था, पर बात नहीं हो पाई। बात करने के लिए कौन-सा समय ठीक रहेगा? अगला बैच: {batchDate}।',
    },
  },
  {
    id: 'course-details',
    name: 'Fee and batch',
    channel: 'whatsapp',
    text: {
      en: 'Hello, {counsellor} from {institute} here. {course}: the fee is {fee} {feePeriod}, GST included. Next batch: {batchDate}. You are welcome to visit us with {name} for a free counselling session.',
      hi: 'नमस्ते, मैं {counsellor}, {institute} से। {course} की फ़ीस {fee} {feePeriod} है, GST सहित। अगला बैच: {batchDate}। आप {name} के साथ मुफ़्त काउंसलिंग के लिए हमारे सेंटर पर आ सकते हैं।',
    },
  },
  {
    id: 'missed-call-sms',
    name: 'Missed call (SMS)',
    channel: 'sms',
    text: {
      en: '{institute}: {counsellor} called about {course} for {name}. Please call us back or reply with a good time to call.',
      hi: '{institute}: {counsellor} ने {name} के {course} के लिए कॉल किया था। कृपया कॉल बैक करें या बात करने का समय बताएँ।',
    },
  },
];

/** {batchDate} when the course has no batch ahead in the content ("Next batch: {batchDate}."). */
export const batchDateUnknown: Record<Language, string> = {
  en: 'date to be announced soon',
  hi: 'तारीख़ जल्द घोषित होगी',
};

/** {feePeriod}: what the fee covers, by its `per` (src/content/institute.ts), after the amount: "₹1,20,000 a year". */
export const feePeriod: Record<Language, Record<'year' | 'course', string>> = {
  en: { year: 'a year', course: 'for the whole course' },
  hi: { year: 'प्रति वर्ष', course: 'पूरे कोर्स के लिए' },
};

/**
 * The words a new installation started with before today's, by template id and language (until
 * 2026-11-26: a fee without its period, "starts on soon", 'निःशुल्क', 'केंद्र'). Kept only so that
 * an installation's saved messages can be told apart: a text still as it started is moved to
 * today's words (migration 024); one an admin wrote is kept. When a default changes again, add its
 * words here and a new migration that runs `updateUneditedTemplates` (migration 024) again.
 */
export const earlierDefaults: Record<string, Record<Language, string[]>> = {
  'first-reply': {
    en: [
      'Hello, this is {counsellor} from {institute}. Thank you for asking about {course} for {name}. I tried to call you: when is a good time to talk? The next batch starts on {batchDate}.',
    ],
    hi: [
      'नमस्ते, मैं {institute} से {counsellor} बोल रहा/रही हूँ। {name} के लिए {course} के बारे में पूछने के लिए धन्यवाद। मैंने आपको कॉल किया था: बात करने का सही समय कब है? अगला बैच {batchDate} से शुरू हो रहा है।',
    ],
  },
  'course-details': {
    en: [
      'Hello, {counsellor} from {institute} here. {course}: the fee is {fee} (GST included) and the next batch starts on {batchDate}. You are welcome to visit us for a free counselling session with {name}.',
    ],
    hi: [
      'नमस्ते, {institute} से {counsellor}। {course}: फ़ीस {fee} (जीएसटी सहित) है और अगला बैच {batchDate} से शुरू होगा। {name} के साथ निःशुल्क काउंसलिंग के लिए आप हमारे केंद्र पर आ सकते हैं।',
    ],
  },
  'missed-call-sms': {
    en: [
      '{institute}: {counsellor} called about {course} for {name}. Please call us back or reply with a good time to call.',
    ],
    hi: [
      '{institute}: {counsellor} ने {name} के लिए {course} के बारे में कॉल किया था। कृपया हमें वापस कॉल करें या बात करने का सही समय बताएँ।',
    ],
  },
};
