/**
 * The search key: a loose Latin spelling that a name (or a city) reduces to from either
 * script, so that the usual spellings meet: "Sharma" and "शर्मा" are both `sarma`, "Rahul
 * Verma" and "राहुल वर्मा" both `rahul varma`, "Lakshmi", "Laxmi" and "लक्ष्मी" all `laksmi`.
 * Loose, not blind: a vowel a Latin spelling writes stays (Ankit is not Ankita), and a first
 * e is not an a (Esha is not Asha); search-key.test.ts lists the pairs.
 * Stored beside the enquiry (name_key, city_key: migration 016, written by save()) and
 * looked up by the inbox's search (inbox-repository.ts), which reduces what is typed the
 * same way.
 *
 * Changing the folding changes every stored key: it needs a migration that computes them
 * again (as 016 does, with backfillSearchKeys).
 */
import Sanscript from '@indic-transliteration/sanscript';

const DEVANAGARI = /[\u0900-\u097F]+/g;

/**
 * Devanagari → IAST (the library), readied first: a nukta dropped (ज़ → ज, फ़ → फ: z and f
 * fold onto j and ph below anyway), the candra vowels of English words (डॉक्टर) made
 * ordinary ones, chandrabindu made anusvara.
 */
function romanise(devanagari: string): string {
  const readied = devanagari
    .normalize('NFD')
    .replace(/\u093C/g, '')
    .replace(/\u0949/g, '\u094B')
    .replace(/\u0945/g, '\u0947')
    .replace(/\u0911/g, '\u0913')
    .replace(/\u090D/g, '\u090F')
    .replace(/\u0901/g, '\u0902');
  return Sanscript.t(readied, 'devanagari', 'iast').split(' ').map(dropSchwas).join(' ');
}

/** A unit of an IAST word: a vowel (nasalised or not), an aspirated consonant, or one letter. */
const IAST_UNIT = /(?:ai|au|[aāiīuūṛṝḷḹeo])ṃ?|[kgcjṭḍtdpb]h|./gu;
const isVowel = (unit: string | undefined) => unit !== undefined && /^(ai|au|[aāiīuūṛṝḷḹeo])ṃ?$/u.test(unit);
const isConsonant = (unit: string | undefined) => unit !== undefined && !isVowel(unit) && /\p{L}/u.test(unit);

/**
 * Hindi drops the inherent a that the script writes: at the end of a word after one
 * consonant (राहुल is rahul, not rahula; आदित्य keeps it: aditya), and where a vowel, a
 * consonant, a, a consonant and a vowel meet (जयपुर is jaipur, पटना patna, लखनऊ
 * lakhnau), read right to left after the final one (so आरव stays aarav).
 */
function dropSchwas(word: string): string {
  const units = word.match(IAST_UNIT) ?? [];
  if (units.at(-1) === 'a' && isConsonant(units.at(-2)) && isVowel(units.at(-3))) units.pop();
  for (let i = units.length - 3; i >= 2; i--) {
    const [before, consonant, vowel, next, after] = units.slice(i - 2, i + 3);
    if (vowel === 'a' && isVowel(before) && isConsonant(consonant) && isConsonant(next) && isVowel(after))
      units.splice(i, 1);
  }
  return units.join('');
}

/** Spellings no rule reaches: an abbreviation, a city's English name. */
const aliases: Record<string, string> = {
  md: 'mohammad',
  mohd: 'mohammad',
  muhammad: 'mohammad',
  lucknow: 'lakhnau',
};

/** The phonetic folding of one Latin word (lower case, a–z), in this order. */
function fold(word: string): string {
  return (
    (aliases[word] ?? word)
      // Letters written two ways: x and ks, q and k, z and j, w and v, ck and k, ph and f.
      .replace(/x/g, 'ks')
      .replace(/q/g, 'k')
      .replace(/z/g, 'j')
      .replace(/w/g, 'v')
      .replace(/ck/g, 'k')
      .replace(/ph/g, 'f')
      // A final -ore is English spelling of -or, -aur (Indore इंदौर, Rathore राठौर).
      .replace(/ore$/, 'or')
      // Long vowels written double (ee, oo; aa with the other doubles below), au/ou as o, and
      // an e but the first as a (Verma is वर्मा; a first e is ए: Esha is not Asha).
      .replace(/ee/g, 'i')
      .replace(/oo/g, 'u')
      .replace(/[ao]u/g, 'o')
      .replace(/(?<=.)e/g, 'a')
      // y before a consonant or at the end is a vowel: Jaypur is Jaipur, Sanjay Sanjai.
      .replace(/y(?![aeiou])/g, 'i')
      // Aspiration and sh: kh gh ch jh th dh bh sh → k g c j t d b s.
      .replace(/([b-df-gj-np-tv-z])h+/g, '$1')
      .replace(/(.)\1+/g, '$1')
      // n before b or p is m (मुंबई, Mumbai).
      .replace(/n(?=[bp])/g, 'm')
  );
}

/**
 * The key of a name or a city in either script: its words folded, separated by one space
 * ('' when it has no letters). Other scripts' letters are dropped; Latin accents too.
 */
export function searchKey(text: string): string {
  const latin = text
    .replace(DEVANAGARI, romanise)
    .toLowerCase()
    .replace(/ṛ/g, 'ri')
    // Anusvara before h is the ng of सिंह, Singh (सिन्हा is Sinha); elsewhere an n.
    .replace(/ṃ(?=h)/g, 'ng')
    .replace(/ṃ/g, 'n')
    .replace(/ṅ/g, 'n')
    .replace(/jñ/g, 'gy')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return latin
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map(fold)
    .join(' ');
}

/**
 * A stored key: each word after a space, so that a search can ask for the start of a word
 * (`% ram%` finds Ram, Rama, राम and Ramesh, not Sitaram); names apart by '|', which no
 * search holds, so that none runs from one name into the next. Null when nothing is left.
 */
function storedKey(texts: (string | null | undefined)[]): string | null {
  const keys = texts.map((text) => (text ? searchKey(text) : '')).filter(Boolean);
  return keys.length > 0 ? keys.map((key) => ` ${key}`).join('|') : null;
}

/**
 * What the inbox's search looks for in a stored key: the start of a word (see storedKey).
 * None for fewer than three letters, which say too little once folded (sha is every Sa…).
 */
export function searchedKey(typed: string): string | undefined {
  const key = searchKey(typed);
  return key.replaceAll(' ', '').length >= 3 ? ` ${key}` : undefined;
}

/**
 * The key columns for an enquiry's names and city, for those of them given: an insert
 * spreads them (save()), adding a detail spreads what the detail changes (addDetails()).
 */
export function searchKeyColumns(fields: {
  studentName?: string | null;
  parentName?: string | null;
  city?: string | null;
}): { name_key?: string | null; city_key?: string | null } {
  return {
    ...(fields.studentName !== undefined ? { name_key: storedKey([fields.studentName, fields.parentName]) } : {}),
    ...(fields.city !== undefined ? { city_key: storedKey([fields.city]) } : {}),
  };
}
