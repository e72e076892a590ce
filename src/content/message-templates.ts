/**
 * The messages a counsellor sends a family from the desk (WhatsApp or SMS), as a new installation
 * starts with them: every one in English and Hindi, the family's language choosing which
 * (server/routes/desk-messages.ts). Admins edit them on the desk afterwards (desk_settings
 * 'templates'); these are the words until then. Placeholders in braces are filled in when the
 * message is opened: {name} the student, {course} the course's name in the family's language,
 * {batchDate} the next batch's start, {fee} the course's fee, {counsellor} who is writing, {institute}
 * the institute's name.
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
      en: 'Hello, this is {counsellor} from {institute}. Thank you for asking about {course} for {name}. I tried to call you: when is a good time to talk? The next batch starts on {batchDate}.',
      hi: 'नमस्ते, मैं {institute} से {counsellor} बोल रहा/रही हूँ। {name} के लिए {course} के बारे में पूछने के लिए धन्यवाद। मैंने आपको कॉल किया था: बात करने का सही समय कब है? अगला बैच {batchDate} से शुरू हो रहा है।',
    },
  },
  {
    id: 'course-details',
    name: 'Fee and batch',
    channel: 'whatsapp',
    text: {
      en: 'Hello, {counsellor} from {institute} here. {course}: the fee is {fee} (GST included) and the next batch starts on {batchDate}. You are welcome to visit us for a free counselling session with {name}.',
      hi: 'नमस्ते, {institute} से {counsellor}। {course}: फ़ीस {fee} (जीएसटी सहित) है और अगला बैच {batchDate} से शुरू होगा। {name} के साथ निःशुल्क काउंसलिंग के लिए आप हमारे केंद्र पर आ सकते हैं।',
    },
  },
  {
    id: 'missed-call-sms',
    name: 'Missed call (SMS)',
    channel: 'sms',
    text: {
      en: '{institute}: {counsellor} called about {course} for {name}. Please call us back or reply with a good time to call.',
      hi: '{institute}: {counsellor} ने {name} के लिए {course} के बारे में कॉल किया था। कृपया हमें वापस कॉल करें या बात करने का सही समय बताएँ।',
    },
  },
];

/** {batchDate} when the course has no batch ahead in the content. */
export const batchDateUnknown: Record<Language, string> = {
  en: 'soon (the date is to be announced)',
  hi: 'जल्द ही (तारीख़ की घोषणा होनी है)',
};
