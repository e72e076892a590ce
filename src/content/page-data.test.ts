import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { fill, formatDate, formatRupees } from '../../shared/format';
import { copy } from './copy';
import { institute } from './institute';
import { addDays } from '../../shared/institute-calendar';
import { classesOf, initialsOf, noticesOn, pageData } from './page-data';
import { batchesOn } from './render-day';
import type { Notice } from './schema';
import { type SiteContent, startingContent } from './site-content';
import { upgradeContent } from './upgrades';
import { loader as refundPolicy } from '../routes/refund-policy';
import type { Route as RefundPolicy } from '../routes/+types/refund-policy';

type RefundPolicyArgs = RefundPolicy.LoaderArgs;

const { courseData, homeData } = pageData(startingContent);
import { shareImage } from './share-images';

/** The day the pages are rendered for, in these tests. */
const DAY = '2026-11-24';

/** A version stored by an older code, as the site reads it: upgraded (src/content/upgrades/). */
const upgraded = (older: SiteContent) => upgradeContent(older, startingContent);

/** Takes out a part today's schema requires, as a version stored before it lacks it. */
const drop = <T extends object>(value: T, key: keyof T & string) => Reflect.deleteProperty(value, key);

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
/** Titles a name may start with; never an initial. */
const TITLES = ['Dr.', 'डॉ.'];

describe('the classes a session is for', () => {
  const said = (levels: Parameters<typeof classesOf>[0], language: 'en' | 'hi') =>
    classesOf(levels, language, copy[language].events.ui.classList);

  it('names "Class" once and joins only the last two with "and": no comma before और', () => {
    expect(said(['10', '11', '12', '12-pass'], 'en')).toBe('Class 10, 11, 12 and droppers');
    expect(said(['10', '11', '12', '12-pass'], 'hi')).toBe('कक्षा 10, 11, 12 और 12वीं पास (ड्रॉपर)');
    expect(said(['8', '9', '10', '11', '12'], 'hi')).toBe('कक्षा 8, 9, 10, 11 और 12');
    expect(said(['11'], 'en')).toBe('Class 11');
    expect(said(['12-pass'], 'en')).toBe('droppers');
  });
});

describe('initials for a teacher without a portrait', () => {
  it('takes the first letter of the first and last name, without titles, each with a full stop', () => {
    expect(initialsOf('Dr. Meenakshi Rathore')).toBe('M.\u202fR.');
    expect(initialsOf('डॉ. मीनाक्षी राठौर')).toBe('मी.\u202fरा.');
    expect(initialsOf('Imran')).toBe('I.');
    expect(initialsOf('Vikram Singh Shekhawat')).toBe('V.\u202fS.');
  });

  it('gives every teacher in every language whole letters, vowel signs kept, that cannot run together into a word', () => {
    for (const language of languages) {
      for (const { name } of Object.values(copy[language].teachers)) {
        const initials = initialsOf(name);
        const words = name.split(/\s+/).filter((word) => !TITLES.includes(word));
        const named = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
        const parts = initials.split('\u202f');
        expect(parts.length, name).toBe(named.length);
        parts.forEach((part, i) => {
          // Each initial is one letter and a full stop: two letters never touch, so they never spell a word.
          expect(part.endsWith('.'), `${name}: ${initials}`).toBe(true);
          const letter = part.slice(0, -1);
          expect(graphemes(letter), `${name}: ${initials}`).toHaveLength(1);
          // The letter is how its word begins, with the whole first akshara: no vowel sign or nukta left behind.
          const word = named[i] ?? '';
          expect(word.toUpperCase().startsWith(letter), `${name}: ${initials}`).toBe(true);
          expect(/^\p{M}/u.test(word.slice(letter.length)), `${name}: ${initials} drops a sign of ${word}`).toBe(false);
        });
      }
    }
  });
});

describe('fees', () => {
  it('say the period they cover wherever they are shown: a two-year course’s fee is per year', () => {
    for (const language of languages) {
      const words = copy[language].ui;
      for (const card of homeData(language, DAY).courses) {
        const facts = institute.courses.find((course) => course.slug === card.slug);
        const per = facts?.fees.per ?? 'missing';
        const label = words.course.fee[per as 'year' | 'course'];
        expect(label, card.slug).toBeTruthy();
        // The course card, the comparison table, the course page and its share image.
        expect(card.fee.label).toBe(label);
        // The comparison table: one unit for every course, the total for the whole programme.
        const years = facts?.fees.per === 'year' ? (facts.fees.years ?? 1) : 1;
        const total = formatRupees((facts?.fees.amount ?? 0) * years, language);
        expect(card.fee.inTable).toBe(
          years > 1 ? fill(copy[language].feeDetails?.tableYears ?? '', { amount: total, years }) : total,
        );
        const page = courseData(language, card.slug, DAY);
        expect(page.fees).toMatchObject({ label, amount: card.fee.amount });
        expect(shareImage(startingContent, language, paths.course(card.slug), DAY).picture.facts).toContain(
          `${label}: ${card.fee.amount}`,
        );
      }
      // The two-year courses (Class 11 and 12) charge their fee each year.
      for (const slug of ['jee', 'integrated-program'] as const) {
        expect(institute.courses.find((course) => course.slug === slug)?.fees.per, slug).toBe('year');
      }
      // Never one year's fee called the total.
      expect(Object.values(words.course.fee).join(' ')).not.toMatch(/total|कुल/i);
    }
  });
});

describe('a fee in full', () => {
  it('gives the total for the whole programme: both years of a two-year course, with the GST in it', () => {
    const jee = courseData('en', 'jee', DAY).fees;
    expect(jee.total.amount).toBe('₹2,40,000');
    // 18% included: 2,40,000 − 2,40,000 / 1.18 = 36,610 (to the rupee).
    expect(jee.gst).toContain('₹36,610');
    expect(jee.gst).toContain('18%');
    const weekend = courseData('en', 'neet-year-long', DAY).fees;
    expect(weekend.total.amount).toBe('₹68,000');
    expect(weekend.gst).toContain('₹10,373');
  });

  it('lists every instalment of every year, the year named where there are several, each year adding up to the fee', () => {
    for (const language of languages) {
      for (const facts of institute.courses) {
        const fees = courseData(language, facts.slug, DAY).fees;
        const listed = fees.years.flatMap((year) => year.instalments.map((instalment) => instalment.id));
        expect(listed.toSorted(), facts.slug).toEqual(facts.fees.instalments.map((each) => each.id).toSorted());
        const years = facts.fees.per === 'year' ? (facts.fees.years ?? 1) : 1;
        expect(fees.years, facts.slug).toHaveLength(years);
        for (const year of fees.years) {
          expect(Boolean(year.heading), facts.slug).toBe(years > 1);
          const sum = facts.fees.instalments
            .filter((each) => (each.year ?? 1) === year.year)
            .reduce((total, each) => total + each.amount, 0);
          expect(sum, `${facts.slug} year ${year.year}`).toBe(facts.fees.amount);
        }
      }
    }
    expect(courseData('hi', 'integrated-program', DAY).fees.years.map((year) => year.heading)).toEqual([
      fill(copy.hi.feeDetails?.year ?? '', { year: 1 }),
      fill(copy.hi.feeDetails?.year ?? '', { year: 2 }),
    ]);
  });

  it('states the admission charge as its own line, and the partner school’s fee and name for the integrated programme only', () => {
    for (const language of languages) {
      for (const facts of institute.courses) {
        const fees = courseData(language, facts.slug, DAY).fees;
        expect(fees.admissionCharge, facts.slug).toBe(
          fill(copy[language].feeDetails?.admissionCharge ?? '', {
            amount: formatRupees(facts.fees.admissionCharge ?? 0, language),
          }),
        );
        expect(Boolean(fees.school), facts.slug).toBe(facts.slug === 'integrated-program');
      }
      const school = courseData(language, 'integrated-program', DAY).fees.school;
      expect(school?.name).toBe(copy[language].courses['integrated-program'].fees.school);
      expect(school?.fee).toContain(formatRupees(institute.courses[5]?.fees.school?.from ?? 0, language));
    }
  });

  it('reads a version stored before these facts, upgraded, with the starting course’s years and GST', () => {
    const older = structuredClone(startingContent);
    for (const course of older.institute.courses) {
      delete course.fees.years;
      drop(course.fees, 'gstPercent');
      course.fees.instalments = course.fees.instalments.filter((each) => (each.year ?? 1) === 1);
    }
    const fees = pageData(upgraded(older)).courseData('en', 'jee', DAY).fees;
    expect(fees.total.amount).toBe('₹2,40,000');
    expect(fees.gst).toContain('₹36,610');
  });
});

describe('batches on a day', () => {
  const batches = [
    { id: 'later', starts: '2027-04-10', seatsLeft: { count: 40, asOf: '2026-11-20' } },
    { id: 'sooner', starts: '2027-03-20', seatsLeft: { count: 14, asOf: '2026-11-20' } },
    { id: 'undated', starts: '2027-05-01' },
  ];

  it('lists those still to begin, the soonest first, so the first is the next batch', () => {
    expect(batchesOn(batches, '2026-11-24', institute.seatsShownForDays).map((batch) => batch.id)).toEqual([
      'sooner',
      'later',
      'undated',
    ]);
    // On the day a batch begins it is still listed; the day after, it has gone and the next one leads.
    expect(batchesOn(batches, '2027-03-20', institute.seatsShownForDays).map((batch) => batch.id)).toEqual([
      'sooner',
      'later',
      'undated',
    ]);
    expect(batchesOn(batches, '2027-03-21', institute.seatsShownForDays).map((batch) => batch.id)).toEqual([
      'later',
      'undated',
    ]);
    expect(batchesOn(batches, '2027-05-02', institute.seatsShownForDays)).toEqual([]);
  });

  it('shows a seats count only while it is at most seatsShownForDays old', () => {
    const lastDay = addDays('2026-11-20', institute.seatsShownForDays);
    expect(batchesOn(batches, lastDay, institute.seatsShownForDays)[0]?.seatsLeft).toEqual({
      count: 14,
      asOf: '2026-11-20',
    });
    expect(batchesOn(batches, addDays(lastDay, 1), institute.seatsShownForDays)[0]).not.toHaveProperty('seatsLeft');
  });

  it('the course page and the course card say the same next batch, and a course with none says so', () => {
    for (const language of languages) {
      const day = '2027-04-11';
      const page = courseData(language, 'neet-year-long', day);
      const card = homeData(language, day).courses.find((course) => course.slug === 'neet-year-long');
      expect(page.batches.map((batch) => batch.id)).toEqual([]);
      expect(card?.nextBatch).toBeUndefined();
      expect(page.labels.noBatches.length).toBeGreaterThan(0);
      const jee = courseData(language, 'jee', day);
      expect(jee.batches.map((batch) => batch.id)).toEqual(['class-11-j1', 'class-12', 'class-11-j2']);
      expect(homeData(language, day).courses.find((course) => course.slug === 'jee')?.nextBatch).toBe(
        jee.batches[0]?.startsOn,
      );
    }
  });
});

describe('notices on a day', () => {
  const notices: Notice[] = [
    { id: 'open-day', from: '2026-12-01', until: '2026-12-05', on: ['home', 'jee'] },
    { id: 'holiday', from: '2026-12-05', until: '2026-12-05', on: ['home'], link: '/contact' },
    { id: 'later', from: '2027-01-01', until: '2027-01-31', on: ['foundation', 'home'] },
  ];
  const ids = (shown: Notice[]) => shown.map((notice) => notice.id);

  it('shows a notice on the pages it names from its first day to its last, both included, then not at all', () => {
    expect(ids(noticesOn(notices, 'home', '2026-11-30'))).toEqual([]);
    expect(ids(noticesOn(notices, 'home', '2026-12-01'))).toEqual(['open-day']);
    expect(ids(noticesOn(notices, 'jee', '2026-12-01'))).toEqual(['open-day']);
    expect(ids(noticesOn(notices, 'home', '2026-12-05'))).toEqual(['open-day', 'holiday']);
    expect(ids(noticesOn(notices, 'home', '2026-12-06'))).toEqual([]);
    expect(ids(noticesOn(notices, 'jee', '2026-12-06'))).toEqual([]);
    // Only on the pages it names.
    expect(ids(noticesOn(notices, 'foundation', '2026-12-03'))).toEqual([]);
    expect(ids(noticesOn(notices, 'neet-year-long', '2026-12-05'))).toEqual([]);
    expect(ids(noticesOn(notices, 'foundation', '2027-01-31'))).toEqual(['later']);
    expect(ids(noticesOn(notices, 'foundation', '2027-02-01'))).toEqual([]);
  });

  it('gives the home and course pages their notices in the page’s language, with the days and a link in it', () => {
    const content = structuredClone(startingContent);
    content.institute.notices = notices;
    for (const language of languages) {
      content.copy[language].notices = Object.fromEntries(
        notices.map((notice) => [notice.id, { title: `${language} ${notice.id}` }]),
      );
    }
    const data = pageData(content);
    for (const language of languages) {
      const words = copy[language].ui.notices;
      const home = data.homeData(language, '2026-12-05').notices;
      expect(home?.label).toBe(words.label);
      expect(home?.items).toEqual([
        {
          id: 'open-day',
          title: `${language} open-day`,
          body: undefined,
          dates: fill(words.dates, {
            from: formatDate('2026-12-01', language),
            until: formatDate('2026-12-05', language),
          }),
          href: undefined,
        },
        {
          id: 'holiday',
          title: `${language} holiday`,
          body: undefined,
          dates: fill(words.day, { date: formatDate('2026-12-05', language) }),
          href: localizedPath(language, paths.contact),
        },
      ]);
      expect(data.courseData(language, 'jee', '2026-12-05').notices?.items.map((item) => item.id)).toEqual([
        'open-day',
      ]);
      // A page with none shows none, and the day after the last, neither does the home page.
      expect(data.courseData(language, 'foundation', '2026-12-05').notices).toBeUndefined();
      expect(data.homeData(language, '2026-12-06').notices).toBeUndefined();
    }
  });

  it('shows the sample notices on their pages, and content without notices shows none', () => {
    for (const language of languages) {
      expect(homeData(language, DAY).notices?.items.map((item) => item.id)).toEqual(['neet-2027-admissions']);
      expect(courseData(language, 'jee', DAY).notices).toBeUndefined();
    }
    const none = structuredClone(startingContent);
    none.institute.notices = [];
    for (const language of languages) none.copy[language].notices = {};
    expect(pageData(none).homeData('hi', DAY).notices).toBeUndefined();
    // A version stored before notices existed had none.
    const older = structuredClone(startingContent);
    drop(older.institute, 'notices');
    for (const language of languages) drop(older.copy[language], 'notices');
    expect(pageData(upgraded(older)).homeData('hi', DAY).notices).toBeUndefined();
  });
});

describe('the scholarship, said from its one description', () => {
  const scholarship = institute.scholarship ?? { classes: [], courses: [], maxMarks: 0, bands: [] };
  const percents = scholarship.bands.map((band) => band.percent);

  it('fills the range and courses into every page’s words, so no placeholder is left and the range is the bands’', () => {
    for (const language of languages) {
      const range = fill(copy[language].scholarship?.range ?? '', {
        min: Math.min(...percents),
        max: Math.max(...percents),
      });
      const home = homeData(language, DAY);
      const answer = home.home.faq.items.map((item) => item.answer).join(' ');
      expect(answer).toContain(range);
      for (const slug of scholarship.courses) expect(answer).toContain(copy[language].courses[slug].shortName);
      const event = pageData(startingContent).eventData(language, 'scholarship-test', DAY);
      expect(event.words.lead).toContain(range);
      for (const slug of scholarship.courses) {
        expect(courseData(language, slug, DAY).fees.note, slug).toContain(range);
      }
      const everything = JSON.stringify([
        home,
        event,
        ...institute.courses.map((c) => courseData(language, c.slug, DAY)),
      ]);
      expect(everything).not.toMatch(/\{scholarship\w*\}/);
    }
  });

  it('shows the scholarship test’s card only on the pages of the courses it covers', () => {
    for (const language of languages) {
      for (const { slug } of institute.courses) {
        const types = courseData(language, slug, DAY).events.items.map((item) => item.type);
        expect(types.includes('scholarship-test'), slug).toBe(scholarship.courses.includes(slug));
        expect(types).toContain('demo-class');
      }
    }
  });

  it('offers in the test’s form only the classes and courses the scholarship covers (no Class 9, no Foundation)', () => {
    for (const language of languages) {
      const { registration } = pageData(startingContent).eventData(language, 'scholarship-test', DAY);
      expect([...registration.classes].sort()).toEqual([...scholarship.classes].sort());
      expect([...registration.courses].sort()).toEqual([...scholarship.courses].sort());
      expect(registration.classes).not.toContain('9');
      expect(registration.courses).not.toContain('foundation');
    }
  });

  it('gives the test’s page the band table, the highest band first', () => {
    const table = pageData(startingContent).eventData('en', 'scholarship-test', DAY).scholarship;
    expect(table?.rows[0]).toEqual({ marks: '90 or more', off: '50% off' });
    expect(table?.rows.at(-1)).toEqual({ marks: '50 to under 60', off: '10% off' });
    expect(pageData(startingContent).eventData('en', 'demo-class', DAY).scholarship).toBeUndefined();
  });
});

describe('refunds, from each course’s rules and fee', () => {
  it('gives every course page its rules and a worked example: the first instalment less the admission charge', () => {
    for (const language of languages) {
      const words = copy[language].refunds;
      for (const facts of institute.courses) {
        const charge = facts.fees.admissionCharge ?? 0;
        const paid = facts.fees.instalments[0]?.amount ?? 0;
        const days = facts.refund?.days ?? 0;
        expect(charge, facts.slug).toBeGreaterThan(0);
        expect(days, facts.slug).toBeGreaterThan(0);
        const { refund } = courseData(language, facts.slug, DAY);
        expect(refund.within).toBe(fill(words?.within ?? '', { days, charge: formatRupees(charge, language) }));
        expect(refund.example).toBe(
          fill(words?.example ?? '', {
            days,
            charge: formatRupees(charge, language),
            paid: formatRupees(paid, language),
            refund: formatRupees(paid - charge, language),
          }),
        );
        expect(refund.policy.href).toBe(localizedPath(language, paths.refunds));
      }
    }
  });

  it('works out the example in rupees: NEET Weekend pays ₹23,000 at admission and gets ₹18,000 back', () => {
    const { refund } = courseData('en', 'neet-year-long', DAY);
    expect(refund.example).toContain('₹23,000');
    expect(refund.example).toContain('₹18,000');
    expect(refund.within).toContain('15 days');
  });

  it('lists every course on the refund policy page, each with the same lines as its course page', () => {
    for (const language of languages) {
      const url = new URL(localizedPath(language, paths.refunds), 'https://example.com');
      const policy = refundPolicy({
        request: new Request(url),
        url,
        params: {},
        pattern: paths.refunds,
        // The starting content, as the site is built.
        context: new RouterContextProvider(),
      } satisfies RefundPolicyArgs);
      expect(policy.courses.map((course) => course.slug)).toEqual(institute.courses.map((course) => course.slug));
      for (const course of policy.courses) {
        const { refund } = courseData(language, course.slug, DAY);
        expect([course.within, course.after, course.example]).toEqual([refund.within, refund.after, refund.example]);
      }
    }
  });

  it('reads the starting rules for a course in a version stored before they existed, upgraded', () => {
    const older = structuredClone(startingContent);
    for (const course of older.institute.courses) {
      drop(course, 'refund');
      drop(course.fees, 'admissionCharge');
    }
    const { refund } = pageData(upgraded(older)).courseData('en', 'neet-crash-course', DAY);
    expect(refund).toEqual(courseData('en', 'neet-crash-course', DAY).refund);
  });
});

describe('results: "X of Y who sat", and the sample note beside every figure', () => {
  it('says each count of students with how many sat that year and in how many batches; other figures as they are', () => {
    for (const language of languages) {
      for (const facts of institute.courses) {
        const page = courseData(language, facts.slug, DAY);
        const cohort = facts.cohort;
        expect(cohort, facts.slug).toBeDefined();
        for (const result of page.results) {
          if (/^\d+$/.test(result.figure)) {
            expect(result.of, `${facts.slug} ${result.figure}`).toBe(
              fill(copy[language].courses[facts.slug].resultsOf ?? '', {
                sat: cohort?.sat ?? 0,
                batches: cohort?.batches ?? 0,
              }),
            );
            expect(Number(result.figure)).toBeLessThanOrEqual(cohort?.sat ?? 0);
          } else {
            expect(result.of, `${facts.slug} ${result.figure}`).toBeUndefined();
          }
        }
      }
    }
    const weekend = courseData('en', 'neet-year-long', DAY).results[0];
    expect(`${weekend?.figure} ${weekend?.label} ${weekend?.of}`).toBe(
      '131 weekend-batch students qualified NEET 2026 of 164 weekend-batch students who sat NEET 2026 (3 Class 12 batches that year)',
    );
  });

  it('puts the sample note beside the course results and the testimonials while the data is sample, and not after', () => {
    for (const language of languages) {
      expect(courseData(language, 'jee', DAY).sampleNote).toBe(copy[language].site.sampleNotice);
      expect(homeData(language, DAY).sampleNote).toBe(copy[language].site.sampleNotice);
    }
    const real = structuredClone(startingContent);
    real.institute.sampleData = false;
    expect(pageData(real).courseData('en', 'jee', DAY).sampleNote).toBeUndefined();
    const older = structuredClone(startingContent);
    drop(older.institute, 'sampleData');
    for (const course of older.institute.courses) delete course.cohort;
    expect(pageData(upgraded(older)).courseData('en', 'jee', DAY).sampleNote).toBe(copy.en.site.sampleNotice);
    expect(
      pageData(upgraded(older))
        .courseData('en', 'jee', DAY)
        .results.every((result) => result.of === undefined),
    ).toBe(true);
  });
});

describe('a student’s photo on their testimonial', () => {
  it('is given with its alt text in each language, from the upload’s files; never the consent behind it', () => {
    const content = structuredClone(startingContent);
    const upload = '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a07';
    content.institute.testimonialPhotos['ananya-sharma'] = {
      upload,
      use: 'student',
      widths: [96, 192, 288],
      width: 288,
      height: 288,
    };
    content.institute.testimonialConsents['ananya-sharma'] = {
      date: '2026-07-02',
      by: 'parent',
      minor: true,
      scan: { upload: '6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a08', use: 'consent', file: 'consent.pdf', bytes: 1000 },
    };
    const alt = { en: 'Ananya Sharma at her desk', hi: 'अपनी मेज़ पर अनन्या शर्मा' };
    for (const language of languages) {
      const words = content.copy[language].testimonials['ananya-sharma'];
      if (words) words.photoAlt = alt[language];
    }
    const pages = pageData(content);
    for (const language of languages) {
      const [ananya, mohit] = pages.homeData(language, DAY).testimonials;
      expect(ananya?.photo?.alt).toBe(alt[language]);
      expect(ananya?.photo?.picture.img).toEqual({ src: `/media/${upload}/student-288.jpeg`, w: 288, h: 288 });
      expect(ananya?.photo?.picture.sources.avif).toBe(
        `/media/${upload}/student-96.avif 96w, /media/${upload}/student-192.avif 192w, /media/${upload}/student-288.avif 288w`,
      );
      expect(mohit?.photo).toBeUndefined();
      const data = JSON.stringify(pages.homeData(language, DAY));
      expect(data).not.toContain('6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b7c1a08');
      expect(data).not.toContain('2026-07-02');
    }
  });
});
