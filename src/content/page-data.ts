/**
 * What the pages are given to show, in one language: the route loaders call these when
 * the pages are prerendered and when the server renders them again, so a page's HTML
 * and JavaScript carry only its own words. Here: the layout's data, what several pages
 * show (course cards, notices, the enquiry form, event cards) and the pages made of them;
 * a page that shows its own words and facts makes its data in its own loader
 * (src/routes/privacy.tsx) from `institute`, `copy` and `meta` here. A version of the site's content (facts and
 * words, site-content.ts) and the day the page is for are joined here, and teachers and
 * testimonials are looked up by id.
 *
 * Dates and amounts are formatted here too, ready to show: done at build time, the
 * browser never builds an Intl formatter (tens of milliseconds on a phone, in the
 * middle of hydration) to print a fee it was already sent as text.
 */
import { type Language, languageInfo, languages, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { type CourseSlug, courseSlugs } from '../../shared/courses';
import { classLevels } from '../../shared/schema/enquiry-fields';
import { fill, formatDate, formatDay, formatPhone, formatRupees, mapsUrl } from '../../shared/format';
import { type EventSession, type EventType, eventTypes, takesRegistrations } from '../../shared/schema/events';
import { describeSession } from './events';
import { courseJsonLd, eventJsonLd, faqJsonLd, organizationJsonLd } from '../lib/structured-data';
import { type JsonLd, pageMeta } from '../lib/seo';
import type { SiteContent } from './site-content';
import { photo, type ShownPhoto } from './photos';
import { SHARE_IMAGE_SIZE, shareImage as shareImageOf } from './share-images';
import type { Copy, EventsCopy, Notice, NoticePage, Seo, TeacherId, TestimonialId } from './schema';
import type { ClassLevel } from '../../shared/schema/enquiry-fields';
import { batchesOn } from './render-day';
import { scholarshipBands, withScholarship } from './scholarship';
import { refundLines } from './refunds';
import { feeFigures } from './fees';
import { resultItems } from './results';
import { pages } from '../pages';

export type CourseLink = { slug: CourseSlug; name: string; shortName: string; href: string };

/** Titles that are not part of a name's initials. */
const HONORIFICS = /^(dr|prof|shri|smt|mr|mrs|ms|डॉ|प्रो|श्री|श्रीमती)\.?$/i;

/** Splits a word into what a reader sees as letters: a Devanagari akshara keeps its vowel signs (मी, not म). */
const letters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A teacher without a portrait is shown by initials, never a stock face: the first
 * letter of the first and last name, titles skipped, each with a full stop after it,
 * in the page's script ("Dr. Meenakshi Rathore" → "M. R.", "डॉ. मीनाक्षी राठौर" → "मी. रा.").
 * A Devanagari letter is its whole first akshara with its vowel signs (a bare code point
 * would drop them), and the stop after each keeps two letters from reading as a word
 * (मर, "die", for मीनाक्षी राठौर). The space between is a narrow no-break one, so the
 * pair stays on one line inside the avatar.
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !HONORIFICS.test(word));
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .flatMap((word) => {
      const letter = word && letters.segment(word)[Symbol.iterator]().next().value?.segment;
      return letter ? [`${letter.toUpperCase()}.`] : [];
    })
    .join('\u202f');
}

/**
 * The notices a page shows on `day` (YYYY-MM-DD, the institute's date): those meant for it
 * whose days include that one (the first and the last included), in the facts' order.
 */
export function noticesOn(notices: readonly Notice[], page: NoticePage, day: string): Notice[] {
  return notices.filter((notice) => notice.on.includes(page) && notice.from <= day && day <= notice.until);
}

/** What each page is given, made from one version of the site's content (facts and words). */
/**
 * The classes a session is for, as a family says them: "Class 10, 11, 12 and droppers" / 'कक्षा
 * 10, 11, 12 और 12वीं पास (ड्रॉपर)'. Only the last two are joined by "and" (Hindi puts no comma
 * before और, which Intl.ListFormat would).
 */
export function classesOf(
  levels: readonly ClassLevel[],
  language: Language,
  words: EventsCopy['ui']['classList'],
): string {
  const and = (items: string[]) =>
    items.length < 2
      ? (items[0] ?? '')
      : new Intl.ListFormat(languageInfo[language].tag, { type: 'conjunction' }).format([
          items.slice(0, -1).join(', '),
          items.at(-1) ?? '',
        ]);
  const numbers = levels.filter((level) => level !== '12-pass');
  const droppers = levels.includes('12-pass') ? [words.droppers] : [];
  if (numbers.length === 0) return and(droppers);
  if (droppers.length === 0) return fill(words.classes, { numbers: and(numbers) });
  return and([fill(words.classes, { numbers: numbers.join(', ') }), ...droppers]);
}

/** The name search engines know the institute by (copy.site.seoName), where the language writes it otherwise. */
const seoNameOf = (site: Copy['site']) => site.seoName ?? site.name;

function pageDataOf(content: SiteContent) {
  const { institute } = content;
  /** Every language's words, the scholarship said from its description (scholarship.ts). */
  const copy = Object.fromEntries(
    languages.map((language) => [language, withScholarship(institute, content.copy[language], language)]),
  ) as Record<Language, Copy>;
  const { scholarship } = institute;
  const shareImage = (language: Language, path: string, day?: string) => shareImageOf(content, language, path, day);
  const courseFacts = (slug: CourseSlug) => {
    const facts = institute.courses.find((course) => course.slug === slug);
    if (!facts) throw new Error(`No facts for course ${slug}`);
    return facts;
  };

  /** The page's <head>: title, description, canonical and alternate URLs, Open Graph with its share image, JSON-LD. */
  const meta = (
    language: Language,
    seo: Seo,
    path: string,
    {
      day,
      ...options
    }: {
      noindex?: boolean;
      alternates?: boolean;
      jsonLd?: JsonLd[];
      /** The day the page is rendered for, where its share image shows something of it (a course's next batch). */
      day?: string;
    } = {},
  ) => {
    const { url, alt } = shareImage(language, path, day);
    const image = { url, alt, ...SHARE_IMAGE_SIZE };
    return pageMeta({
      language,
      origin: institute.origin,
      siteName: seoNameOf(copy[language].site),
      seo,
      path,
      image,
      ...options,
    });
  };

  /** The sample-data note, while the facts say the figures are samples. */
  const sampleNote = (language: Language) => (institute.sampleData ? copy[language].site.sampleNotice : undefined);

  /** A course's fee in full, ready to show: the total with its GST, each year's instalments, the admission charge, the school's fee. */
  function feesOf(language: Language, slug: CourseSlug) {
    const facts = courseFacts(slug);
    const words = copy[language].courses[slug];
    const said = copy[language].feeDetails;
    const figures = feeFigures(facts);
    const rupees = (amount: number) => formatRupees(amount, language);
    return {
      amount: rupees(facts.fees.amount),
      /** What the amount covers ("Fee per year"), from institute.courses[].fees.per. */
      label: copy[language].ui.course.fee[facts.fees.per],
      note: words.fees.note,
      /** The whole programme: both years of a two-year course. */
      total: {
        label: figures.years > 1 ? fill(said.totalYears, { years: figures.years }) : said.total,
        amount: rupees(figures.total),
      },
      gst: figures.gst && fill(said.gst, { percent: figures.gst.percent, amount: rupees(figures.gst.amount) }),
      admissionCharge:
        figures.admissionCharge === undefined
          ? undefined
          : fill(said.admissionCharge, { amount: rupees(figures.admissionCharge) }),
      /** Each year's instalments; a year's heading only where the programme has several. */
      years: figures.byYear.map(({ year, instalments }) => ({
        year,
        heading: figures.byYear.length > 1 ? fill(said.year, { year }) : undefined,
        instalments: instalments.map((instalment) => ({
          id: instalment.id,
          amount: rupees(instalment.amount),
          label: words.fees.instalments[instalment.id]?.label ?? '',
          due: words.fees.instalments[instalment.id]?.due ?? '',
        })),
      })),
      school: figures.school && {
        name: words.fees.school,
        fee: fill(said.school, { from: rupees(figures.school.from), to: rupees(figures.school.to) }),
      },
    };
  }

  /** The words of a teacher or testimonial the facts name (the content check makes sure they are there). */
  function wordsFor<What extends 'teachers' | 'testimonials'>(language: Language, what: What, id: string) {
    const words = copy[language][what][id] as Copy[What][string] | undefined;
    if (!words) throw new Error(`${language}.${what}.${id}: named in the facts but has no words`);
    return words;
  }

  /** A teacher's portrait where the institute supplied one (the content check makes sure its alt text is there). */
  function portraitOf(language: Language, id: TeacherId): ShownPhoto | undefined {
    const file = institute.teacherPortraits[id];
    return file
      ? { picture: photo('portrait', file), alt: wordsFor(language, 'teachers', id).portraitAlt ?? '' }
      : undefined;
  }

  const teachers = (language: Language, ids: readonly TeacherId[]) =>
    ids.map((id) => {
      const words = wordsFor(language, 'teachers', id);
      return { id, ...words, initials: initialsOf(words.name), portrait: portraitOf(language, id) };
    });

  /** The home hero's photograph, where the institute supplied one (the artwork otherwise). */
  function heroPhoto(language: Language): ShownPhoto | undefined {
    return institute.heroPhoto
      ? { picture: photo('hero', institute.heroPhoto), alt: copy[language].home.hero.photoAlt ?? '' }
      : undefined;
  }

  /** A testimonial's result, as the 2024 guidelines ask: "NEET 2026 · AIR 3,412", then the course, how long, paid or free. */
  function resultLines(language: Language, id: TestimonialId) {
    const result = institute.testimonialResults[id];
    if (!result) return undefined;
    const words = copy[language].ui.result;
    const rank = new Intl.NumberFormat(languageInfo[language].tag).format(result.rank.value);
    return {
      headline: `${result.exam} ${result.year} · ${fill(result.rank.kind === 'AIR' ? words.air : words.percentile, { rank })}`,
      course: fill(words.studied, {
        course: copy[language].courses[result.course].name,
        months: String(result.months),
        fee: result.paid ? words.paid : words.free,
      }),
    };
  }

  /** A student's photo on their testimonial, where there is one (the content check makes sure its alt text and consent are there). */
  function studentPhotoOf(language: Language, id: TestimonialId): ShownPhoto | undefined {
    const file = institute.testimonialPhotos[id];
    return file
      ? { picture: photo('student', file), alt: wordsFor(language, 'testimonials', id).photoAlt ?? '' }
      : undefined;
  }

  // The consent behind a testimonial (institute.testimonialConsents) is personal data: never read here.
  const testimonials = (language: Language, ids: readonly TestimonialId[]) =>
    ids.map((id) => {
      const { photoAlt: _alt, ...words } = wordsFor(language, 'testimonials', id);
      return { id, ...words, result: resultLines(language, id), photo: studentPhotoOf(language, id) };
    });

  /** The institute's address, as lines, in one language. */
  function addressLines(language: Language): { street: string; city: string } {
    const { address } = copy[language].site;
    return {
      street: `${address.street}, ${address.locality}`,
      city: `${address.city}, ${address.state} ${institute.postalCode}`,
    };
  }

  /** For the header, footer, consent banner and not-found page of every page in a language. */
  function layoutData(language: Language) {
    const words = copy[language];
    return {
      language,
      site: {
        ...words.site,
        addressLines: addressLines(language),
        phone: institute.phone,
        whatsapp: institute.whatsapp,
        email: institute.email,
        mapsUrl: directions(),
      },
      /**
       * The words the header, footer, consent banner and contact links use. A course's, a result's
       * and the notices' words travel with the pages that show them, not in every page's data.
       */
      ui: (({ skipToContent, nav, actions, footer, consent, privacy }) => ({
        skipToContent,
        nav,
        actions,
        footer,
        consent,
        privacy,
      }))(words.ui),
      /** The institute's pages the footer links to, in the table of pages' order (src/pages.ts). */
      footerLinks: pages.flatMap(({ path, footer }) =>
        footer ? [{ text: footer(words), href: localizedPath(language, path) }] : [],
      ),
      error: words.error,
      notFound: words.notFound,
      /** The not-found page is one document for every unknown path: no canonical and no alternates. */
      notFoundMeta: meta(language, words.notFound.seo, paths.notFound, { noindex: true, alternates: false }),
      courses: institute.courses.map(({ slug }): CourseLink => ({
        slug,
        name: words.courses[slug].name,
        shortName: words.courses[slug].shortName,
        href: localizedPath(language, paths.course(slug)),
      })),
      /** The header's links to the events' pages. */
      events: eventTypes.map((type) => ({
        type,
        label: words.events.types[type].navLabel,
        href: localizedPath(language, paths.event(type)),
      })),
      /** The switcher: every other language, named in itself. */
      otherLanguages: languages
        .filter((other) => other !== language)
        .map((other) => ({ language: other, ...languageInfo[other] })),
    };
  }

  /** A directions link for the English address, which maps understand best. */
  function directions() {
    const { street, city } = addressLines('en');
    return mapsUrl(`${street}, ${city}`);
  }

  /** The enquiry form's words and choices in one language. */
  function enquiryFormData(language: Language) {
    const words = copy[language];
    const verification = words.events.verification;
    return {
      language,
      words: words.form,
      courses: institute.courses.map(({ slug }) => ({ value: slug, label: words.courses[slug].name })),
      privacy: { href: localizedPath(language, paths.privacy), text: words.ui.privacy.link },
      noticeVersion: institute.privacyNoticeVersion,
      sitePhone: institute.phone,
      /** The code step, when the admins ask for the number to be proved before an enquiry is sent (issue 38). */
      verification: {
        why: verification.whyEnquiry,
        codeLabel: verification.codeLabel,
        codeRequired: verification.codeRequired,
        resend: verification.resend,
        resendIn: verification.resendIn,
        confirm: verification.confirmEnquiry,
      },
    };
  }

  /**
   * The notices `page` shows on `day`, ready to show in one language: title, body, the days it
   * is shown and where its title links. Undefined when there are none (the page shows nothing).
   */
  function noticesData(language: Language, page: NoticePage, day: string) {
    const shown = noticesOn(institute.notices, page, day);
    if (shown.length === 0) return undefined;
    const words = copy[language].ui.notices;
    return {
      label: words.label,
      items: shown.map((notice) => ({
        id: notice.id,
        title: copy[language].notices?.[notice.id]?.title ?? '',
        body: copy[language].notices?.[notice.id]?.body,
        dates:
          notice.from === notice.until
            ? fill(words.day, { date: formatDate(notice.from, language) })
            : fill(words.dates, { from: formatDate(notice.from, language), until: formatDate(notice.until, language) }),
        href: notice.link && localizedPath(language, notice.link),
      })),
    };
  }

  function courseCard(language: Language, slug: CourseSlug, day: string) {
    const words = copy[language].courses[slug];
    const facts = courseFacts(slug);
    const [next] = batchesOn(facts.batches, day, institute.seatsShownForDays);
    return {
      slug,
      exam: facts.exam,
      name: words.name,
      shortName: words.shortName,
      summary: words.summary,
      classes: words.audience.classes,
      duration: words.duration,
      mode: words.mode,
      /** The next batch's start date, formatted. */
      nextBatch: next && formatDate(next.starts, language),
      /**
       * The fee with the period it covers (cards), and for the comparison table one unit for every
       * course: the total for the whole programme (both years of a two-year course).
       */
      fee: {
        label: copy[language].ui.course.fee[facts.fees.per],
        amount: formatRupees(facts.fees.amount, language),
        inTable: (() => {
          const { years, total } = feeFigures(facts);
          const amount = formatRupees(total, language);
          return years > 1 ? fill(copy[language].feeDetails.tableYears, { amount, years }) : amount;
        })(),
      },
      href: localizedPath(language, paths.course(slug)),
    };
  }

  function homeData(language: Language, day: string) {
    const words = copy[language];
    const { address } = words.site;
    return {
      meta: meta(language, words.home.seo, paths.home, {
        jsonLd: [
          organizationJsonLd({
            language,
            origin: institute.origin,
            name: seoNameOf(words.site),
            phone: institute.phone,
            email: institute.email,
            foundedYear: institute.foundedYear,
            address: { ...address, postalCode: institute.postalCode, country: institute.country },
          }),
          faqJsonLd(language, words.home.faq.items),
        ],
      }),
      home: words.home,
      labels: {
        course: words.ui.course,
        // The fee column is every course's total for the whole programme: one unit.
        comparison: { ...words.ui.comparison, fee: copy[language].feeDetails.tableHeading },
        actions: words.ui.actions,
      },
      courses: institute.courses.map(({ slug }) => courseCard(language, slug, day)),
      testimonials: testimonials(language, institute.homeTestimonials),
      sampleNote: sampleNote(language),
      heroPhoto: heroPhoto(language),
      notices: noticesData(language, 'home', day),
      events: eventCards(language, day),
    };
  }

  function courseData(language: Language, slug: CourseSlug, day: string) {
    const words = copy[language].courses[slug];
    const facts = courseFacts(slug);
    const batches = batchesOn(facts.batches, day, institute.seatsShownForDays).map((batch) => ({
      id: batch.id,
      starts: batch.starts,
      name: words.batches[batch.id] ?? '',
      startsOn: formatDate(batch.starts, language),
      seatsLeft: batch.seatsLeft && { count: batch.seatsLeft.count, asOf: formatDate(batch.seatsLeft.asOf, language) },
    }));
    const site = copy[language].site;
    return {
      meta: meta(language, words.seo, paths.course(slug), {
        day,
        jsonLd: [
          courseJsonLd({
            language,
            origin: institute.origin,
            providerName: seoNameOf(site),
            location: `${site.address.locality}, ${site.address.city}`,
            path: paths.course(slug),
            name: words.name,
            description: words.seo.description,
            fee: facts.fees.amount,
            feePer: facts.fees.per,
            batches,
          }),
          faqJsonLd(language, words.faqs),
        ],
      }),
      slug,
      exam: facts.exam,
      ...words,
      batches,
      fees: feesOf(language, slug),
      /** The course's refund rules and a worked example from its own fee (refunds.ts). */
      refund: {
        heading: copy[language].refunds.courseHeading,
        ...refundLines(facts, copy[language], language),
        policy: { text: copy[language].refunds.link, href: localizedPath(language, paths.refunds) },
      },
      /** Each result, a count of students said with who sat (results.ts). */
      results: resultItems(facts, words),
      /** Beside every figure while the figures are samples. */
      sampleNote: sampleNote(language),
      teachers: teachers(language, facts.teachers),
      testimonials: testimonials(language, facts.testimonials),
      labels: copy[language].ui.course,
      form: enquiryFormData(language),
      notices: noticesData(language, slug, day),
      events: eventCards(language, day, slug),
    };
  }

  /** A session ready to show in one language: its day, time, where, and who it is for. */
  function sessionItem(language: Language, session: EventSession, day: string) {
    const words = copy[language].events;
    const { ui } = words;
    const { street, city } = addressLines(language);
    const classNames = classesOf(session.classes, language, ui.classList);
    return {
      id: session.id,
      online: session.online,
      classes: session.classes,
      courses: session.courses,
      /** Taking registrations on the day the page is rendered for (the seats open come from the API). */
      open: takesRegistrations(session, day),
      ...describeSession(session, language, words, `${street}, ${city}`),
      forClasses: fill(ui.forClasses, { classes: classNames }),
    };
  }

  /** The sessions of an event not over on `day`, by date. */
  const upcoming = (type: EventType, day: string) =>
    institute.eventSessions
      .filter((session) => session.type === type && session.date >= day)
      .sort((a, b) => (a.date + a.starts < b.date + b.starts ? -1 : 1));

  /**
   * The cards that lead to the events' pages (home; a course page's only for sessions of that
   * course, and the scholarship test's only where the scholarship lowers that course's fee):
   * each event's name, what it is, and its next session open for booking.
   */
  function eventCards(language: Language, day: string, course?: CourseSlug) {
    const words = copy[language].events;
    return {
      heading: words.ui.cardsHeading,
      intro: words.ui.cardsIntro,
      link: words.ui.cardLink,
      items: eventTypes
        .filter((type) => !course || type !== 'scholarship-test' || scholarship.courses.includes(course))
        .map((type) => {
          const next = upcoming(type, day).find(
            (session) => takesRegistrations(session, day) && (!course || session.courses.includes(course)),
          );
          return {
            type,
            name: words.types[type].name,
            lead: words.types[type].cardLead,
            next: next ? fill(words.ui.nextSession, { date: formatDay(next.date, language) }) : words.ui.noSessionYet,
            href: localizedPath(language, paths.event(type)),
          };
        }),
    };
  }

  /** An event's page: what it is, its sessions, and the form that books a seat. */
  function eventData(language: Language, type: EventType, day: string) {
    const words = copy[language].events;
    const site = copy[language].site;
    const sessions = upcoming(type, day);
    const items = sessions.map((session) => sessionItem(language, session, day));
    const open = items.filter((item) => item.open);
    /** The classes and courses the form offers: those of a session open for booking (the scholarship's, for its test). */
    const offered = <Value extends string>(
      values: readonly Value[],
      of: (item: (typeof open)[number]) => readonly string[],
    ) => values.filter((value) => open.some((item) => of(item).includes(value)));
    return {
      meta: meta(language, words.types[type].seo, paths.event(type), {
        day,
        jsonLd: eventJsonLd({
          language,
          origin: institute.origin,
          path: paths.event(type),
          name: words.types[type].name,
          description: words.types[type].seo.description,
          organizer: seoNameOf(site),
          address: { ...site.address, postalCode: institute.postalCode, country: institute.country },
          sessions,
        }),
      }),
      type,
      words: words.types[type],
      ui: words.ui,
      noSessions: fill(words.ui.noSessions, { phone: formatPhone(institute.phone) }),
      /** A family that lost its seat's link finds it by its number (server/routes/public/find-booking.ts). */
      findBooking: { label: words.findBooking.link, href: paths.findBooking(language) },
      sessions: items,
      /** The scholarship test's band table (marks → percentage off). */
      scholarship: type === 'scholarship-test' ? scholarshipBands(institute, copy[language]) : undefined,
      form: enquiryFormData(language),
      registration: {
        type,
        classes: offered(classLevels, (item) => item.classes),
        courses: offered(courseSlugs, (item) => item.courses),
        sessions: open.map((item) => ({
          value: item.id,
          label: item.option,
          online: item.online,
          day: item.day,
          time: item.time,
          reportByLabel: item.reportByLabel,
          arriveAt: item.arriveAt,
          venue: item.venue,
          classes: item.classes,
          courses: item.courses,
        })),
        /** The words the booking form shows itself; the server words its own answers (a date that filled, a seat already booked). */
        words: {
          sessionLabel: words.ui.sessionLabel,
          sessionRequired: words.ui.sessionRequired,
          emailExtra: words.ui.emailExtra,
          submit: words.ui.submit,
          optionFull: words.booking.optionFull,
          unavailable: words.booking.unavailable,
          callUs: words.booking.callUs,
          title: words.registrant.title,
          rollNumber: words.registrant.rollNumber,
          session: words.registrant.session,
          venue: words.registrant.venue,
          admitCard: words.registrant.admitCard,
          keepLink: words.registrant.keepLink,
          emailed: words.registrant.emailed,
        },
        /** Proving the number with a code before the seat is booked (issue 38): the code step's words. */
        verification: {
          why: words.verification.why,
          codeLabel: words.verification.codeLabel,
          codeRequired: words.verification.codeRequired,
          confirm: words.verification.confirm,
          resend: words.verification.resend,
          resendIn: words.verification.resendIn,
        },
      },
    };
  }

  return {
    /** What a page's own loader makes its data from (src/routes/*.tsx): the facts, the words, its <head>. */
    institute,
    copy,
    meta,
    teachers,
    layoutData,
    enquiryFormData,
    homeData,
    courseData,
    eventCards,
    eventData,
  };
}

export type PageData = ReturnType<typeof pageDataOf>;
const made = new WeakMap<SiteContent, PageData>();
/** The page data of a version of the content (made once per version). */
export function pageData(content: SiteContent): PageData {
  let data = made.get(content);
  if (!data) {
    data = pageDataOf(content);
    made.set(content, data);
  }
  return data;
}

export type LayoutData = ReturnType<PageData['layoutData']>;
export type EnquiryFormData = ReturnType<PageData['enquiryFormData']>;
export type CourseCard = ReturnType<PageData['homeData']>['courses'][number];
export type CourseData = ReturnType<PageData['courseData']>;
export type EventData = ReturnType<PageData['eventData']>;
export type RegistrationFormData = EventData['registration'];
export type EventCardsData = ReturnType<PageData['eventCards']>;
export type NoticesData = NonNullable<ReturnType<PageData['homeData']>['notices']>;
