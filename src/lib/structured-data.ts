/** schema.org JSON-LD for search engines, built at build time from the content (page-data.ts). */
import { brandFiles } from '../config/brand-files';
import { type Language, languageInfo, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import type { Faq } from '../content/schema';
import type { JsonLd } from './seo';

type Organization = {
  language: Language;
  origin: string;
  name: string;
  phone: string;
  email: string;
  foundedYear: number;
  address: { street: string; locality: string; city: string; state: string; postalCode: string; country: string };
};

const absolute = (origin: string, language: Language, path: string) =>
  new URL(localizedPath(language, path), origin).href;

export function organizationJsonLd(org: Organization): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: org.name,
    url: absolute(org.origin, org.language, paths.home),
    logo: new URL(brandFiles.logo, org.origin).href,
    inLanguage: languageInfo[org.language].tag,
    telephone: org.phone,
    email: org.email,
    foundingDate: String(org.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${org.address.street}, ${org.address.locality}`,
      addressLocality: org.address.city,
      addressRegion: org.address.state,
      postalCode: org.address.postalCode,
      addressCountry: org.address.country,
    },
  };
}

type CourseLd = {
  language: Language;
  origin: string;
  providerName: string;
  location: string;
  path: string;
  name: string;
  description: string;
  fee: number;
  /** What the fee pays for: a year of the course, or all of it. */
  feePer: 'year' | 'course';
  batches: readonly { name: string; starts: string }[];
};

export function courseJsonLd(course: CourseLd): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: course.description,
    url: absolute(course.origin, course.language, course.path),
    inLanguage: languageInfo[course.language].tag,
    provider: {
      '@type': 'EducationalOrganization',
      name: course.providerName,
      sameAs: absolute(course.origin, course.language, paths.home),
    },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: course.fee,
      priceCurrency: 'INR',
      // A fee for one year of a longer course says so: the price is per year (UN/CEFACT ANN), not the course's total.
      ...(course.feePer === 'year' && {
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: course.fee,
          priceCurrency: 'INR',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'ANN', unitText: 'year' },
        },
      }),
    },
    hasCourseInstance: course.batches.map((batch) => ({
      '@type': 'CourseInstance',
      name: batch.name,
      courseMode: 'Onsite',
      startDate: batch.starts,
      location: course.location,
    })),
  };
}

export function faqJsonLd(language: Language, faqs: readonly Faq[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: languageInfo[language].tag,
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

type EventLd = {
  language: Language;
  origin: string;
  /** The event's page, without a language prefix. */
  path: string;
  name: string;
  description: string;
  organizer: string;
  /** The centre's address, for a session there. */
  address: Organization['address'];
  sessions: readonly { date: string; starts: string; ends: string; online: boolean; opens: string }[];
};

/** Each session of the scholarship test or the demo class as a free schema.org Event (search engines list them with dates). */
export function eventJsonLd(event: EventLd): JsonLd[] {
  const url = absolute(event.origin, event.language, event.path);
  return event.sessions.map((session) => ({
    '@context': 'https://schema.org',
    '@type': 'EducationEvent',
    name: event.name,
    description: event.description,
    inLanguage: languageInfo[event.language].tag,
    url,
    startDate: `${session.date}T${session.starts}:00+05:30`,
    endDate: `${session.date}T${session.ends}:00+05:30`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: session.online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    isAccessibleForFree: true,
    location: session.online
      ? { '@type': 'VirtualLocation', url }
      : {
          '@type': 'Place',
          name: event.organizer,
          address: {
            '@type': 'PostalAddress',
            streetAddress: `${event.address.street}, ${event.address.locality}`,
            addressLocality: event.address.city,
            addressRegion: event.address.state,
            postalCode: event.address.postalCode,
            addressCountry: event.address.country,
          },
        },
    organizer: {
      '@type': 'EducationalOrganization',
      name: event.organizer,
      url: absolute(event.origin, event.language, paths.home),
    },
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      validFrom: `${session.opens}T00:00:00+05:30`,
      url,
    },
  }));
}
