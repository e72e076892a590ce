/**
 * The site's languages. English keeps the specification's URLs; every other
 * language lives under its own prefix with the same path after it (/hi/about).
 * Every internal link goes through `localizedPath`, so no page types a prefix.
 */
export const languages = ['en', 'hi'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

export const languageInfo = {
  en: {
    /** `<html lang>`, hreflang and Intl formatting. */
    tag: 'en-IN',
    ogLocale: 'en_IN',
    /** The language's own name, as the switcher shows it. */
    name: 'English',
    prefix: '',
    /** How a time of day is written: "4:30 pm". */
    clock: { hour: 'numeric', minute: '2-digit' },
  },
  /** 'शाम 4:30', as the Hindi pages write hours ('सुबह 8:00 – रात 8:00'), never "4:30 pm". */
  hi: {
    tag: 'hi-IN',
    ogLocale: 'hi_IN',
    name: 'हिन्दी',
    prefix: '/hi',
    clock: { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' },
  },
} as const satisfies Record<
  Language,
  { tag: string; ogLocale: string; name: string; prefix: string; clock: Intl.DateTimeFormatOptions }
>;

const staffNames = new Map<Language, string>();

/**
 * A language as the staff read it (the desk and its emails are in English): "English", or its
 * English name with its own, "Hindi (हिन्दी)": the language to call a family back in. Each name
 * is made once: Intl.DisplayNames costs about 15 µs, and the desk's export asks for every row.
 */
export function languageForStaff(code: string): string {
  if (!isLanguage(code)) return code;
  let name = staffNames.get(code);
  if (!name) {
    name =
      code === 'en'
        ? 'English'
        : `${new Intl.DisplayNames(['en'], { type: 'language' }).of(code)} (${languageInfo[code].name})`;
    staffNames.set(code, name);
  }
  return name;
}

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The language a URL path is in: its prefix, or English. */
export function languageOfPath(pathname: string): Language {
  for (const language of languages) {
    const { prefix } = languageInfo[language];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return language;
  }
  return defaultLanguage;
}

/**
 * The path without its language prefix: /hi/about → /about, /hi → /. A trailing slash is
 * dropped (/about/ → /about): React Router prerenders each page at its path with one, so
 * that is the location a page's HTML is rendered with, and the site's addresses have none.
 */
export function unlocalizedPath(pathname: string): string {
  const { prefix } = languageInfo[languageOfPath(pathname)];
  return pathname.slice(prefix.length).replace(/\/+$/, '') || '/';
}

/** A site path (/about, /, /about#team) in a language: /hi/about, /hi, /hi/about#team. */
export function localizedPath(language: Language, path: string): string {
  const { prefix } = languageInfo[language];
  if (!prefix) return path;
  if (path === '/') return prefix;
  if (path.startsWith('/#')) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/** The same page in another language. */
export const translatedPath = (pathname: string, language: Language): string =>
  localizedPath(language, unlocalizedPath(pathname));
