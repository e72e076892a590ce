import { type Language, languageInfo } from './languages';

const rupeeFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/** 110000 → "₹1,10,000" (Indian digit grouping, in both languages). */
export function formatRupees(amount: number, language: Language): string {
  let format = rupeeFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(languageInfo[language].tag, {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    rupeeFormats.set(language, format);
  }
  return format.format(amount);
}

/** "2027-04-05" → "5 April 2027" / "5 अप्रैल 2027", the same on the build machine and every phone. */
export function formatDate(isoDate: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo[language].tag, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const clockFormats = new Map<Language, Intl.DateTimeFormat>();

/** "2026-12-13" → "Sunday, 13 December 2026" / "रविवार, 13 दिसंबर 2026": a date a family plans around. */
export function formatDay(isoDate: string, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo[language].tag, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "16:30" (India time, as the content writes it) → "4:30 pm" / "शाम 4:30" (the language's `clock`). */
export function formatClock(clock: string, language: Language): string {
  let format = clockFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo[language].tag, { ...languageInfo[language].clock, timeZone: 'UTC' });
    clockFormats.set(language, format);
  }
  return format.format(new Date(`1970-01-01T${clock}:00Z`));
}

/** "+919876500001" → "+91 98765 00001". */
export const formatPhone = (e164: string): string => e164.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');

/**
 * "+919876500001" → "98765 00001", as an Indian mobile is read in India: a spreadsheet keeps
 * it as text (the space), where "919876500001" becomes 9.19877E+11 and "+91…" a formula.
 */
export const nationalPhone = (e164: string): string => e164.replace(/^\+91(\d{5})(\d{5})$/, '$1 $2');

/** A tel: link for a stored +91 number. */
export const telHref = (e164: string): string => `tel:${e164}`;

/** A WhatsApp click-to-chat link, optionally with a first message typed in. */
export const whatsappHref = (e164: string, text?: string): string =>
  `https://wa.me/${e164.replace(/^\+/, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;

/** Fills the {placeholders} of a content template: fill('{count} seats left', { count: 3 }). */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A directions link (a Google Maps search) for an address: the English one, which maps understand best. */
export const mapsUrl = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

const shortDayFormats = new Map<Language, Intl.DateTimeFormat>();

/** "2026-12-20" → "Sun, 20 Dec" / "रवि, 20 दिस॰": a date in a phone's list, where the full one does not fit. */
export function formatShortDay(isoDate: string, language: Language): string {
  let format = shortDayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo[language].tag, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    shortDayFormats.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
