/** schema.org JSON-LD for search engines, built from the content files. */
import { paths } from '../config/paths';
import type { Course, Faq } from '../content/schema';
import { site } from '../content/site';
import { absoluteUrl } from './seo';

export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: site.name,
    url: absoluteUrl(paths.home),
    telephone: site.phone,
    email: site.email,
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
  };
}

export function courseJsonLd(course: Course) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description: course.seo.description,
    url: absoluteUrl(paths.course(course.slug)),
    provider: { '@type': 'EducationalOrganization', name: site.name, sameAs: absoluteUrl(paths.home) },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: course.fees.total,
      priceCurrency: 'INR',
    },
    hasCourseInstance: course.batches.map((batch) => ({
      '@type': 'CourseInstance',
      name: batch.name,
      courseMode: 'Onsite',
      startDate: batch.starts,
      location: `${site.address.locality}, ${site.address.city}`,
    })),
  };
}

export function faqJsonLd(faqs: readonly Faq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
