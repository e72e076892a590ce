import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { languages } from '../../shared/languages';
import { copy } from './copy';
import type { Glossary } from './glossary';
import { institute } from './institute';
import { courseCopySchema, instituteSchema, type NoticeWords } from './schema';
import { messageTemplates } from './message-templates';
import { serverWords } from './server-words';
import { startingContent } from './site-content';
import { upgradeContent } from './upgrades';
import { checkGlossary, validateContent, validateWordsOutsideCopy } from './validate';

/** A folder of the site's files for the check to look in, removed `when` the test ends (onTestFinished) or its group does (afterAll). */
const photosFolder = (when: (remove: () => void) => void) => {
  const root = mkdtempSync(join(tmpdir(), 'photos-'));
  when(() => rmSync(root, { recursive: true, force: true }));
  return root;
};

/** A deep copy to break without touching the real content. */
const clone = <T>(value: T): T => structuredClone(value);

/** Takes out a part today's schema requires, as a version stored before it lacks it. */
const drop = <T extends object>(value: T, key: keyof T & string) => Reflect.deleteProperty(value, key);

/** An entry the sample content has (the test fails here if it has gone). */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The sample content lacks an entry this test changes');
  return value;
}

describe('content', () => {
  it('passes every schema, the shape check and the cross-checks, in every language', () => {
    expect(validateContent()).toEqual([]);
  });

  it('passes content stored before the 2026-11-26 copy review’s words, upgraded: no seoName, classList or tooMany, notices dated to their last day', () => {
    const stored = clone(copy);
    for (const language of languages) {
      const words = stored[language];
      delete words.site.seoName;
      drop(words.events.ui, 'classList');
      drop(words.form.errors, 'tooMany');
    }
    stored.en.ui.notices.dates = 'Valid {from} to {until}';
    stored.hi.ui.notices.dates = '{from} से {until} तक मान्य';
    expect(validateContent(upgradeContent({ institute, copy: stored }, startingContent).copy)).toEqual([]);
  });

  it('fails, naming the path, when a Hindi entry is missing', () => {
    const broken = clone(copy);
    delete (broken.hi.courses.jee.faqs[1] as { answer?: string }).answer;
    delete (broken.hi.ui.nav as { about?: string }).about;
    const problems = validateContent(broken);
    expect(problems).toContain('hi.courses.jee.faqs.1.answer: Invalid input: expected string, received undefined');
    expect(problems).toContain('hi.courses.jee.faqs[1].answer: is missing, English has a string');
    expect(problems).toContain('hi.ui.nav.about: is missing, English has a string');
  });

  it('fails when a Hindi entry is shaped differently from the English one', () => {
    const broken = clone(copy);
    broken.hi.home.faq.items.pop();
    (broken.hi.home.hero as Record<string, unknown>).extra = 'not in English';
    const problems = validateContent(broken);
    expect(problems).toContain(
      `hi.home.faq.items: has ${copy.en.home.faq.items.length - 1} entries, English has ${copy.en.home.faq.items.length}`,
    );
    expect(problems).toContain('hi.home.hero.extra: not in the English copy');
  });

  it('matches words to batches and instalments by id, not by place', () => {
    const renamed = clone(copy);
    for (const language of ['en', 'hi'] as const) {
      const { 'class-8': name, ...rest } = renamed[language].courses.foundation.batches;
      renamed[language].courses.foundation.batches = { ...rest, 'class-eight': name ?? '' };
      delete renamed[language].courses.jee.fees.instalments['oct-2027'];
    }
    const problems = validateContent(renamed);
    expect(problems).toContain(
      'en.courses.foundation.batches: 1 names for 2 batches; none for class-8; class-eight is not in the facts',
    );
    expect(problems).toContain('hi.courses.jee.fees.instalments: 5 labels for 6 instalments; none for oct-2027');
  });

  it('fails when the facts show a teacher or testimonial that has no words, or one twice', () => {
    const facts = clone(institute);
    const jee = facts.courses.find((course) => course.slug === 'jee');
    if (!jee) throw new Error('no JEE course');
    jee.teachers.push('new-teacher');
    facts.homeTestimonials.push(facts.homeTestimonials[0] ?? '');
    const problems = validateContent(copy, facts);
    expect(problems).toContain('institute.courses.jee.teachers: new-teacher has no words in en.teachers');
    expect(problems).toContain('institute.courses.jee.teachers: new-teacher has no words in hi.teachers');
    expect(problems).toContain('institute.homeTestimonials: names the same one twice');
  });

  it('refuses HTML in the words, naming the field: words are plain text', () => {
    const words = clone(copy);
    words.hi.courses.jee.summary = 'दो साल का कोर्स <b>अभी जुड़ें</b>';
    words.en.courses.jee.fees.note = 'Fee <script>alert(1)</script>';
    expect(validateContent(words)).toEqual([
      'en.courses.jee.fees.note: plain text only, no HTML ("<script>")',
      'hi.courses.jee.summary: plain text only, no HTML ("<b>")',
    ]);
  });

  it('fails when a course has a name for each batch but one batch too few', () => {
    const broken = clone(copy);
    delete broken.hi.courses.foundation.batches['class-8'];
    delete broken.en.courses.foundation.batches['class-8'];
    const problems = validateContent(broken);
    expect(problems.some((p) => p.startsWith('en.courses.foundation.batches: 1 names for 2 batches'))).toBe(true);
  });

  it('refuses a "seats left" count without the day it was counted, or counted after the batch starts', () => {
    const undated = clone(institute);
    (undated.courses[0]?.batches[0] as Record<string, unknown>).seatsLeft = 14;
    const late = clone(institute);
    const batch = late.courses[0]?.batches[0];
    if (batch) batch.seatsLeft = { count: 3, asOf: '2099-01-01' };
    expect(instituteSchema.safeParse(undated).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'courses.0.batches.0.seatsLeft',
    ]);
    expect(instituteSchema.safeParse(late).error?.issues.map((issue) => issue.message)).toEqual([
      'seatsLeft.asOf must not be after the batch starts',
    ]);
    expect(instituteSchema.safeParse(institute).success).toBe(true);
  });

  it('fails a testimonial that claims a rank without the result behind it, and a result missing what it must state', () => {
    const words = clone(copy);
    must(words.hi.testimonials['rakesh-saini']).detail = 'बेटे की AIR 4,100 आई';
    expect(validateContent(words)).toEqual([
      'hi.testimonials.rakesh-saini: claims a result ("AIR") without institute.testimonialResults.rakesh-saini (exam, year, rank, course, months, paid)',
    ]);
    const facts = clone(institute);
    delete (facts.testimonialResults['ananya-sharma'] as Record<string, unknown> | undefined)?.paid;
    delete (facts.testimonialResults['mohit-gurjar'] as Record<string, unknown> | undefined)?.course;
    expect(validateContent(copy, facts)).toEqual([
      'institute.testimonialResults.ananya-sharma.paid: Invalid input: expected boolean, received undefined',
      'institute.testimonialResults.mohit-gurjar.course: Invalid option: expected one of "neet-year-long"|"neet-repeaters"|"neet-crash-course"|"foundation"|"jee"|"integrated-program"',
    ]);
  });

  it('fails a named photo without alt text in a language, or without its file; passes with both', () => {
    const root = photosFolder(onTestFinished);
    mkdirSync(join(root, 'src/assets/photos/portrait'), { recursive: true });
    writeFileSync(join(root, 'src/assets/photos/portrait/meenakshi-rathore.jpg'), 'a photo');
    const facts = clone(institute);
    facts.teacherPortraits['meenakshi-rathore'] = 'meenakshi-rathore.jpg';
    facts.heroPhoto = 'campus.jpg';
    const words = clone(copy);
    must(words.en.teachers['meenakshi-rathore']).portraitAlt = 'Dr. Meenakshi Rathore at the Biology lab bench';
    words.en.home.hero.photoAlt = 'The front of the institute on Tonk Road';
    words.hi.home.hero.photoAlt = 'टोंक रोड पर संस्थान का भवन';
    // The Hindi copy must have every entry the English copy has: the shape check names it too.
    expect(validateContent(words, facts, root)).toEqual([
      'hi.teachers.meenakshi-rathore.portraitAlt: is missing, English has a string',
    ]);
    must(words.hi.teachers['meenakshi-rathore']).portraitAlt = 'डॉ. मीनाक्षी राठौर, बायोलॉजी लैब में';
    expect(validateContent(words, facts, root)).toEqual([
      'institute.heroPhoto: src/assets/photos/hero/campus.jpg does not exist',
    ]);
    expect(validateContent(copy, facts, root)).toEqual([
      'institute.heroPhoto: src/assets/photos/hero/campus.jpg does not exist',
      'en.teachers.meenakshi-rathore.portraitAlt: institute.teacherPortraits.meenakshi-rathore names a photo, so it needs alt text',
      'en.home.hero.photoAlt: institute.heroPhoto names a photo, so it needs alt text',
      'hi.teachers.meenakshi-rathore.portraitAlt: institute.teacherPortraits.meenakshi-rathore names a photo, so it needs alt text',
      'hi.home.hero.photoAlt: institute.heroPhoto names a photo, so it needs alt text',
    ]);
  });

  it('takes an uploaded portrait (no file in src/, it is in the database) and the prospectus, each with its words in every language', () => {
    const facts = clone(institute);
    const upload = '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a04';
    facts.teacherPortraits['meenakshi-rathore'] = {
      upload,
      use: 'portrait',
      widths: [52, 104, 156],
      width: 156,
      height: 156,
    };
    facts.prospectus = { upload, use: 'prospectus', file: 'prospectus.pdf', bytes: 1_200_000 };
    const words = clone(copy);
    must(words.en.teachers['meenakshi-rathore']).portraitAlt = 'Dr. Meenakshi Rathore at the Biology lab bench';
    must(words.hi.teachers['meenakshi-rathore']).portraitAlt = 'डॉ. मीनाक्षी राठौर, बायोलॉजी लैब में';
    // An empty folder: nothing is looked for in it.
    const root = photosFolder(onTestFinished);
    expect(validateContent(words, facts, root)).toEqual([]);
    delete must(words.hi.teachers['meenakshi-rathore']).portraitAlt;
    expect(validateContent(words, facts, root)).toEqual([
      'hi.teachers.meenakshi-rathore.portraitAlt: is missing, English has a string',
    ]);
    delete must(words.en.teachers['meenakshi-rathore']).portraitAlt;
    expect(validateContent(words, facts, root)).toEqual([
      'en.teachers.meenakshi-rathore.portraitAlt: institute.teacherPortraits.meenakshi-rathore names a photo, so it needs alt text',
      'hi.teachers.meenakshi-rathore.portraitAlt: institute.teacherPortraits.meenakshi-rathore names a photo, so it needs alt text',
    ]);
    // An upload made for another use is not a portrait.
    facts.teacherPortraits['meenakshi-rathore'] = { upload, use: 'hero', widths: [400], width: 400, height: 300 };
    expect(validateContent(copy, facts, root)).toEqual([
      'institute.teacherPortraits.meenakshi-rathore: an upload made for a portrait',
    ]);
  });

  it('rejects a course whose search description is too short to be useful', () => {
    const result = courseCopySchema.safeParse({ ...copy.en.courses.jee, seo: { title: 'JEE', description: 'Short.' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('seo.description');
  });

  it('rejects a phone number that is not an Indian mobile, and instalments that do not add up', () => {
    expect(instituteSchema.safeParse({ ...institute, phone: '+915555500001' }).success).toBe(false);
    const facts = clone(institute);
    const [first] = facts.courses;
    if (first)
      first.fees.instalments = first.fees.instalments.map((instalment, i) =>
        i === 0 ? { ...instalment, amount: instalment.amount + 1 } : instalment,
      );
    expect(validateContent(copy, facts)).toContainEqual(
      expect.stringMatching(/^institute\.courses\.neet-year-long\.fees/),
    );
  });
});

describe('consent to show a student (institute.testimonialConsents)', () => {
  const TODAY = '2026-11-27';
  const scan = {
    upload: '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a05',
    use: 'consent',
    file: 'consent.pdf',
    bytes: 84_000,
  } as const;
  const root = photosFolder(afterAll);
  const check = (facts: typeof institute, words = copy) => validateContent(words, facts, root, TODAY);
  /** Ananya Sharma's result as a real student's: no sample marker. */
  const realAnanya = () => {
    const facts = clone(institute);
    Reflect.deleteProperty(facts.testimonialConsents, 'ananya-sharma');
    return facts;
  };

  it('refuses a result in a student’s name without consent, naming the testimonial and all that is missing', () => {
    expect(check(realAnanya())).toEqual([
      "institute.testimonialConsents.ananya-sharma: Ananya Sharma's testimonial states a NEET 2026 result, so it cannot be published without the student's written consent (a parent's or guardian's for a student under 18), signed after the result. Missing: the day it was signed, who signed it (the student, or a parent or guardian), the scan of the signed form.",
    ]);
  });

  it('names only what is missing: the scan, or the day it was signed', () => {
    const facts = realAnanya();
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-07-02', by: 'student', minor: false };
    expect(check(facts)).toEqual([
      expect.stringMatching(
        /^institute\.testimonialConsents\.ananya-sharma: .* Missing: the scan of the signed form\.$/,
      ),
    ]);
    facts.testimonialConsents['ananya-sharma'] = { by: 'student', minor: false, scan };
    expect(check(facts)).toEqual([expect.stringMatching(/ Missing: the day it was signed\.$/)]);
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-07-02', by: 'student', minor: false, scan };
    expect(check(facts)).toEqual([]);
  });

  it('refuses a consent dated after today or before the result’s year, and a date that is not a real day', () => {
    const facts = realAnanya();
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-11-28', by: 'student', minor: false, scan };
    expect(check(facts)).toEqual([
      "institute.testimonialConsents.ananya-sharma.date: Ananya Sharma's testimonial: the consent is dated 2026-11-28, which is after today (2026-11-27). Give the day the form was signed.",
    ]);
    facts.testimonialConsents['ananya-sharma'] = { date: '2025-12-31', by: 'student', minor: false, scan };
    expect(check(facts)).toEqual([
      "institute.testimonialConsents.ananya-sharma.date: Ananya Sharma's testimonial: the consent is dated 2025-12-31, before the NEET 2026 result it agrees to show. Consent to show a result is given after the result.",
    ]);
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-02-30', by: 'student', minor: false, scan };
    expect(check(facts)).toEqual(['institute.testimonialConsents.ananya-sharma.date: Invalid ISO date']);
    // Today itself is a day it may have been signed.
    facts.testimonialConsents['ananya-sharma'] = { date: TODAY, by: 'student', minor: false, scan };
    expect(check(facts)).toEqual([]);
  });

  it('refuses a minor’s consent signed by the student; a parent or guardian may sign it', () => {
    const facts = realAnanya();
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-07-02', by: 'student', minor: true, scan };
    expect(check(facts)).toEqual([
      "institute.testimonialConsents.ananya-sharma.by: Ananya Sharma's testimonial: the student was under 18 when the form was signed, so a parent or guardian signs it, not the student.",
    ]);
    facts.testimonialConsents['ananya-sharma'] = { date: '2026-07-02', by: 'parent', minor: true, scan };
    expect(check(facts)).toEqual([]);
  });

  it('asks consent and alt text for a student’s photo, even without a result; none for a testimonial that does neither', () => {
    const facts = clone(institute);
    facts.testimonialPhotos['sunil-meena'] = {
      upload: '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a06',
      use: 'student',
      widths: [96, 192, 288],
      width: 288,
      height: 288,
    };
    const words = clone(copy);
    must(words.en.testimonials['sunil-meena']).photoAlt = 'Sunil Meena outside the institute';
    must(words.hi.testimonials['sunil-meena']).photoAlt = 'संस्थान के बाहर सुनील मीणा';
    expect(check(facts, words)).toEqual([
      expect.stringMatching(
        /^institute\.testimonialConsents\.sunil-meena: Sunil Meena's testimonial shows the student's photo, so it cannot be published without .* Missing: the day it was signed, who signed it/,
      ),
    ]);
    facts.testimonialConsents['sunil-meena'] = { date: '2025-03-01', by: 'parent', minor: true, scan };
    expect(check(facts, words)).toEqual([]);
    delete must(words.hi.testimonials['sunil-meena']).photoAlt;
    expect(check(facts, words)).toEqual(['hi.testimonials.sunil-meena.photoAlt: is missing, English has a string']);
    // A photo made for a teacher's portrait is not a student's.
    facts.testimonialPhotos['sunil-meena'] = { ...scan, use: 'portrait', widths: [52], width: 52, height: 52 } as never;
    expect(check(facts)).toContain('institute.testimonialPhotos.sunil-meena: an upload made for a student');
  });

  it('lets the sample content’s made-up students go without consent only while the site says its names are samples', () => {
    expect(check(institute)).toEqual([]);
    const facts = clone(institute);
    facts.sampleData = false;
    const problems = check(facts);
    expect(problems).toHaveLength(Object.keys(institute.testimonialResults).length);
    expect(problems[0]).toBe(
      "institute.testimonialConsents.ananya-sharma: Ananya Sharma's testimonial is marked as a made-up student of the sample content, but the site no longer says its names are sample data: give the real student's written consent (the day it was signed, who signed it, the scan).",
    );
  });
});

describe('the glossary: one word for one idea', () => {
  it('passes the real content, in every language and file (form included)', () => {
    for (const language of languages) {
      const problems: string[] = [];
      checkGlossary(problems, language, copy[language]);
      expect(problems, language).toEqual([]);
    }
  });

  it('refuses a listed variant anywhere in the copy, naming the key, the variant and the term to use', () => {
    const words = clone(copy);
    words.hi.courses.jee.covers[0] = 'भौतिकी: मैकेनिक्स और ऑप्टिक्स';
    words.hi.form.sentBody = 'हमारे काउंसलर एक कार्यदिवस के भीतर आपको {phone} पर कॉल करेंगे।';
    must(words.hi.teachers['neha-joshi']).bio = 'नेहा मैम हर विद्यार्थी की कॉपी देखती हैं।';
    words.en.courses.jee.material[0] = 'Printed modules for Physics, Chemistry and Mathematics';
    expect(validateContent(words)).toEqual([
      'en.courses.jee.material.0: "Mathematics" is a variant; use "Maths" (glossary: the subject)',
      'hi.form.sentBody: "कार्यदिवस" is a variant; use "कामकाजी दिन" (glossary: working day)',
      'hi.courses.jee.covers.0: "भौतिकी" is a variant; use "फ़िज़िक्स" (glossary: Physics)',
      'hi.teachers.neha-joshi.bio: "विद्यार्थी" is a variant; use "छात्र" (glossary: student)',
    ]);
  });

  it('matches whole words and phrases only, and keeps the names it lists', () => {
    const glossary: Glossary = {
      en: [{ concept: 'the subject', use: 'Maths', refuse: ['Mathematics'] }],
      hi: [
        { concept: 'student', use: 'छात्र', refuse: ['विद्यार्थी'] },
        { concept: 'Maths', use: 'मैथ्स', refuse: ['गणित'] },
        { concept: 'working day', use: 'कामकाजी दिन', refuse: ['कार्य दिवस'] },
      ],
    };
    const names = { en: ['M.Sc. Mathematics'], hi: ['विद्यार्थी अकादमी'] };
    const problems: string[] = [];
    const hi = {
      brand: 'विद्यार्थी अकादमी स्कॉलरशिप टेस्ट', // the institute's name
      longer: 'मैथ्स: बीजगणित और ज्यामिति', // गणित inside another word
      phrase: 'एक कार्य दिवस में।', // a phrase, before the danda
      word: 'हर विद्यार्थी, हर गणित-क्लास', // the word itself, before a comma or a hyphen
    };
    checkGlossary(problems, 'hi', hi, glossary, names);
    checkGlossary(problems, 'en', { degree: 'M.Sc. Mathematics', subject: 'mathematics' }, glossary, names);
    expect(problems).toEqual([
      'hi.phrase: "कार्य दिवस" is a variant; use "कामकाजी दिन" (glossary: working day)',
      'hi.word: "विद्यार्थी" is a variant; use "छात्र" (glossary: student)',
      'hi.word: "गणित" is a variant; use "मैथ्स" (glossary: Maths)',
      'en.subject: "mathematics" is a variant; use "Maths" (glossary: the subject)',
    ]);
  });
});

describe('every word a family receives besides the pages', () => {
  const starting = {
    server: serverWords,
    messages: messageTemplates,
    batchDateUnknown: { en: 'date to be announced soon', hi: 'तारीख़ जल्द घोषित होगी' },
    feePeriod: { en: { year: 'a year' }, hi: { year: 'प्रति वर्ष' } },
  };

  it('passes the server’s words and the desk’s messages as they start', () => {
    expect(validateWordsOutsideCopy()).toEqual([]);
  });

  it('refuses a variant in a WhatsApp or SMS message, naming the message, the language and the term to use', () => {
    const messages = clone(messageTemplates);
    const details = must(messages.find((template) => template.id === 'course-details'));
    details.text.hi = 'नमस्ते, {institute} से {counsellor}। {name} के साथ निःशुल्क काउंसलिंग के लिए आइए।';
    expect(validateWordsOutsideCopy({ ...starting, messages })).toEqual([
      'hi.messages.course-details: "निःशुल्क" is a variant; use "मुफ़्त" (glossary: free of charge)',
    ]);
  });

  it('reads the words the server says that are not a page’s, and what fills the messages', () => {
    const server = clone(serverWords);
    server.hi.tooMany.message = 'बहुत सारे फ़ॉर्म आए हैं। निःशुल्क सलाह के लिए {phone} पर कॉल करें।';
    expect(
      validateWordsOutsideCopy({
        ...starting,
        server,
        batchDateUnknown: { en: 'date to be announced soon', hi: 'तारीख जल्द घोषित होगी' },
        feePeriod: { en: { year: 'a year' }, hi: { year: 'प्रति वर्ष, जीएसटी सहित' } },
      }),
    ).toEqual([
      // The form's words that only the server says (the same words as server.tooMany: read once).
      'hi.server.form.errors.tooMany.message: "निःशुल्क" is a variant; use "मुफ़्त" (glossary: free of charge)',
      'hi.batchDateUnknown: "तारीख" is a variant; use "तारीख़" (glossary: date)',
      'hi.feePeriod.year: "जीएसटी" is a variant; use "GST" (glossary: GST, as the fees write it)',
    ]);
  });
});

describe('claims on the home page', () => {
  it('state totals that are the sum of the course results they name, in every language', () => {
    for (const language of languages) {
      const words = copy[language];
      const [neet, jee] = words.home.results.stats;
      const qualified = (slug: keyof typeof words.courses) => Number(words.courses[slug].results[0]?.figure);
      // "412 … of our weekend, repeaters and crash NEET courses": exactly those three courses' counts.
      expect(Number(neet?.figure), `${language}: ${neet?.label}`).toBe(
        qualified('neet-year-long') + qualified('neet-repeaters') + qualified('neet-crash-course'),
      );
      expect(neet?.label).toContain('NEET 2026');
      // "138 JEE Main course students …": the JEE Main course's own count.
      expect(Number(jee?.figure), `${language}: ${jee?.label}`).toBe(qualified('jee'));
      expect(jee?.label).toContain('JEE Main');
    }
    // Each names what it counts, so the integrated programme's students are not silently left out.
    expect(copy.en.home.results.stats[0]?.label).toMatch(/weekend, repeaters and crash/);
    expect(copy.hi.home.results.stats[0]?.label).toMatch(/वीकेंड, रिपीटर्स और क्रैश/);
  });
});

describe('notices', () => {
  /** The sample content with one more notice, its words in both languages unless told otherwise. */
  function withNotice(notice: Record<string, unknown>, words: { en?: NoticeWords; hi?: NoticeWords } = {}) {
    const facts = clone(institute);
    facts.notices = [...(facts.notices ?? []), notice as NonNullable<typeof facts.notices>[number]];
    const copies = clone(copy);
    const id = String(notice.id);
    copies.en.notices = {
      ...copies.en.notices,
      [id]: words.en ?? { title: 'Open day on 5 December', body: 'Meet the teachers.' },
    };
    copies.hi.notices = {
      ...copies.hi.notices,
      [id]: words.hi ?? { title: '5 दिसंबर को ओपन डे', body: 'शिक्षकों से मिलें।' },
    };
    return { facts, copies };
  }
  const openDay = { id: 'open-day', from: '2026-12-01', until: '2026-12-05', on: ['home', 'jee'] };

  it('passes a notice with its words in both languages, one shown for a single day, and content with none', () => {
    const { facts, copies } = withNotice({ ...openDay, until: openDay.from, link: '/courses/jee' });
    expect(validateContent(copies, facts)).toEqual([]);
    const none = clone(institute);
    none.notices = [];
    const noWords = clone(copy);
    noWords.en.notices = {};
    noWords.hi.notices = {};
    expect(validateContent(noWords, none)).toEqual([]);
  });

  it('refuses a notice that ends before it starts, naming its until', () => {
    const { facts, copies } = withNotice({ ...openDay, from: '2026-12-05', until: '2026-12-04' });
    expect(validateContent(copies, facts)).toEqual(['institute.notices.2.until: must not be before from']);
  });

  it('refuses a page that is neither the home page nor a course, a page named twice, no page, and two notices with one id', () => {
    const unknown = withNotice({ ...openDay, on: ['home', 'about'] });
    expect(validateContent(unknown.copies, unknown.facts)).toEqual([
      'institute.notices.2.on.1: Invalid option: expected one of "home"|"neet-year-long"|"neet-repeaters"|"neet-crash-course"|"foundation"|"jee"|"integrated-program"',
    ]);
    const twice = withNotice({ ...openDay, on: ['jee', 'jee'] });
    expect(validateContent(twice.copies, twice.facts)).toEqual(['institute.notices.2.on: names a page twice']);
    const nowhere = withNotice({ ...openDay, on: [] });
    expect(validateContent(nowhere.copies, nowhere.facts)).toEqual([
      'institute.notices.2.on: Too small: expected array to have >=1 items',
    ]);
    const again = withNotice({ ...openDay, id: 'republic-day-2027' });
    expect(validateContent(again.copies, again.facts)).toEqual(['institute.notices: two notices have the same id']);
  });

  it('links only to the site’s own pages, and its words carry no web address', () => {
    const outside = withNotice({ ...openDay, link: 'https://example.com/register' });
    expect(validateContent(outside.copies, outside.facts)).toEqual([
      expect.stringMatching(
        /^institute\.notices\.2\.link: Invalid option: expected one of "\/"\|"\/courses\/neet-year-long"/,
      ),
    ]);
    const address = withNotice(openDay, { hi: { title: 'ओपन डे: www.example.com पर रजिस्टर करें' } });
    expect(validateContent(address.copies, address.facts)).toContain(
      'hi.notices.open-day.title: no web addresses: link a page with link',
    );
  });

  it('fails, naming the path, when a notice has no Hindi words or Hindi leaves out its body', () => {
    const { facts, copies } = withNotice(openDay);
    delete copies.hi.notices?.['open-day'];
    expect(validateContent(copies, facts)).toEqual(['hi.notices.open-day: is missing, English has a object']);
    const noBody = withNotice(openDay, { hi: { title: '5 दिसंबर को ओपन डे' } });
    expect(validateContent(noBody.copies, noBody.facts)).toEqual([
      'hi.notices.open-day.body: is missing, English has a string',
    ]);
  });

  it('matches words to notices by id: none for a notice in the facts, none without one', () => {
    const { facts, copies } = withNotice(openDay);
    for (const language of languages) delete copies[language].notices?.['open-day'];
    expect(validateContent(copies, facts)).toEqual([
      'en.notices: 2 titles for 3 notices; none for open-day',
      'hi.notices: 2 titles for 3 notices; none for open-day',
    ]);
    const orphan = withNotice(openDay);
    orphan.facts.notices = institute.notices;
    expect(validateContent(orphan.copies, orphan.facts)).toEqual([
      'en.notices: 2 titles for 2 notices; open-day is not in the facts',
      'hi.notices: 2 titles for 2 notices; open-day is not in the facts',
    ]);
  });
});

describe('the scholarship, described once', () => {
  const withTest = (change: (facts: typeof institute) => void) => {
    const facts = clone(institute);
    change(facts);
    return validateContent(copy, facts);
  };
  const testIndex = institute.eventSessions.findIndex((session) => session.type === 'scholarship-test');
  const testSession = must(institute.eventSessions[testIndex]);

  it('refuses a test session for a class or a course the scholarship does not cover, naming it', () => {
    const problems = withTest((facts) => {
      const session = must(facts.eventSessions?.[testIndex]);
      session.classes = [...session.classes, '9'];
      session.courses = [...session.courses, 'foundation'];
    });
    expect(problems).toContain(
      `institute.eventSessions.${testIndex} (${testSession.id}): classes 9 may not sit the scholarship test (institute.scholarship.classes)`,
    );
    expect(problems).toContain(
      `institute.eventSessions.${testIndex} (${testSession.id}): the scholarship does not lower the fee of foundation (institute.scholarship.courses)`,
    );
  });

  it('refuses a course’s words promising the scholarship when it does not cover that course', () => {
    const problems = withTest((facts) => {
      const scholarship = must(facts.scholarship);
      scholarship.courses = scholarship.courses.filter((slug) => slug !== 'jee');
      for (const session of facts.eventSessions ?? []) session.courses = session.courses.filter((s) => s !== 'jee');
    });
    expect(problems).toContain(
      'en.courses.jee.fees.note: promises the scholarship, which is not for jee (institute.scholarship.courses)',
    );
    expect(problems).toContain(
      'hi.courses.jee.fees.note: promises the scholarship, which is not for jee (institute.scholarship.courses)',
    );
  });

  it('refuses a percentage range typed into the words (a second description), in either language', () => {
    const broken = clone(copy);
    broken.en.courses['neet-repeaters'].fees.note = 'Students who score 500 or more can get up to 30% off tuition.';
    broken.hi.home.faq.items[0] = {
      question: must(broken.hi.home.faq.items[0]).question,
      answer: 'ट्यूशन फ़ीस में 10% से 50% तक की छूट।',
    };
    const problems = validateContent(broken);
    expect(problems).toContain(
      'en.courses.neet-repeaters.fees.note: "up to 30%" types a scholarship range; say {scholarshipRange} (institute.scholarship)',
    );
    expect(problems).toContain(
      'hi.home.faq.items.0.answer: "10% से 50%" types a scholarship range; say {scholarshipRange} (institute.scholarship)',
    );
  });

  it('refuses bands that give less for more marks or start above the maximum', () => {
    const problems = withTest((facts) => {
      facts.scholarship = {
        ...must(facts.scholarship),
        bands: [
          { from: 90, percent: 20 },
          { from: 80, percent: 40 },
          { from: 120, percent: 60 },
        ],
      };
    });
    expect(problems).toContain(
      'institute.scholarship.bands: More marks must earn a larger scholarship: each band gives more than the band below it.',
    );
    expect(problems).toContain('institute.scholarship.bands: A band starts above the maximum marks.');
  });

  it('passes a version stored before the description existed, upgraded (the starting one is added)', () => {
    const facts = clone(institute);
    drop(facts, 'scholarship');
    const upgraded = upgradeContent({ institute: facts, copy }, startingContent);
    expect(upgraded.institute.scholarship).toEqual(institute.scholarship);
    expect(validateContent(upgraded.copy, upgraded.institute)).toEqual([]);
  });
});

describe('results', () => {
  it('refuses a count of students larger than the number who sat, and who sat without the words to say it', () => {
    const facts = clone(institute);
    const jee = must(facts.courses.find((course) => course.slug === 'jee'));
    jee.cohort = { year: 2026, sat: 100, batches: 2 };
    const words = clone(copy);
    delete words.hi.courses.jee.resultsOf;
    delete words.en.courses.jee.resultsOf;
    const problems = validateContent(words, facts);
    expect(problems).toContain(
      'en.courses.jee.results.0.figure: 138 is more than the 100 who sat (institute.courses.jee.cohort)',
    );
    expect(problems).toContain('hi.courses.jee.resultsOf: the facts say who sat, so say it ("of {sat} who sat …")');
  });
});

describe('money', () => {
  it('refuses a second year that does not add up to the fee, an instalment after the last year, and a school fee with no school named', () => {
    const facts = clone(institute);
    const jee = must(facts.courses.find((course) => course.slug === 'jee'));
    must(jee.fees.instalments.find((each) => each.year === 2)).amount += 1000;
    const foundation = must(facts.courses.find((course) => course.slug === 'foundation'));
    must(foundation.fees.instalments.at(-1)).year = 2;
    const words = clone(copy);
    delete words.hi.courses['integrated-program'].fees.school;
    delete words.en.courses['integrated-program'].fees.school;
    const problems = validateContent(words, facts);
    expect(problems).toContain(
      'institute.courses.jee.fees: instalments add up to 121000 in year 2, not the fee 120000',
    );
    expect(problems).toContain(
      'institute.courses.foundation.fees: an instalment is in year 2, but the course runs 1 year',
    );
    expect(problems).toContain(
      'hi.courses.integrated-program.fees.school: the facts give a school fee, so name the school',
    );
  });

  it('refuses an admission charge that is not less than the first instalment it is part of', () => {
    const facts = clone(institute);
    const crash = must(facts.courses.find((course) => course.slug === 'neet-crash-course'));
    crash.fees.admissionCharge = must(crash.fees.instalments[0]).amount;
    const index = facts.courses.indexOf(crash);
    expect(validateContent(copy, facts)).toEqual([
      `institute.courses.${index}.fees.admissionCharge: ${crash.fees.admissionCharge} is part of the first instalment, so less than its ${crash.fees.admissionCharge}`,
    ]);
  });
});
