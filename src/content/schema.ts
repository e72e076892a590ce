/**
 * Schemas for the site's copy. Every content file is parsed with these when the
 * build imports it, so a missing or malformed field breaks the build, not a page.
 */
import { z } from 'zod';
import { courseSlugs } from '../config/paths';

const text = (max: number) => z.string().trim().min(1).max(max);

/** What search engines and link previews show for one page. */
export const seoSchema = z.object({
  title: text(60).describe('The <title>: 60 characters at most, or search results cut it off.'),
  description: z
    .string()
    .trim()
    .min(50)
    .max(160)
    .describe('The meta description: 50–160 characters, shown under the title in results.'),
});

export const faqSchema = z.object({
  question: text(160),
  answer: text(800),
});

export const testimonialSchema = z.object({
  quote: text(400),
  name: text(60),
  detail: text(80).describe('e.g. "NEET 2026, AIR 1,842 — now at AIIMS Jodhpur"'),
});

export const facultySchema = z.object({
  name: text(60),
  subject: text(40),
  experience: text(120),
  bio: text(300),
});

const indianPhone = z.string().regex(/^\+91[6-9]\d{9}$/, 'an Indian mobile in +91XXXXXXXXXX form');

export const siteSchema = z.object({
  name: text(60),
  shortName: text(20),
  tagline: text(120),
  /** The canonical origin, used for canonical URLs, Open Graph and the sitemap. */
  origin: z.url(),
  phone: indianPhone,
  whatsapp: indianPhone,
  email: z.email(),
  address: z.object({
    street: text(120),
    locality: text(60),
    city: text(40),
    state: text(40),
    postalCode: z.string().regex(/^\d{6}$/),
    country: z.literal('IN'),
  }),
  mapsUrl: z.url().describe('A directions link (Google Maps search URL).'),
  hours: z.array(z.object({ days: text(40), time: text(40) })).min(1),
  foundedYear: z.number().int().min(1950).max(2030),
  grievanceOfficer: z
    .object({ name: text(60), email: z.email(), phone: indianPhone })
    .describe('Who answers privacy requests and complaints (DPDP Act grievance contact).'),
});

export const feeSchema = z.object({
  total: z.number().int().positive().describe('Total fee in rupees, GST included.'),
  note: text(200),
  instalments: z.array(z.object({ label: text(60), amount: z.number().int().positive(), due: text(60) })).min(1),
});

export const courseSchema = z.object({
  slug: z.enum(courseSlugs),
  exam: z.enum(['NEET', 'JEE Main', 'NEET / JEE', 'Foundation']),
  name: text(60),
  shortName: text(30),
  summary: text(200).describe('One or two sentences for cards and the comparison table.'),
  seo: seoSchema,
  audience: z.object({
    classes: text(60).describe('e.g. "Class 11 and 12"'),
    eligibility: text(300),
  }),
  mode: text(60).describe('e.g. "Classroom, weekends" or "Classroom + live online"'),
  schedule: z.array(text(120)).min(1),
  duration: text(40),
  batches: z
    .array(z.object({ name: text(60), starts: z.iso.date(), seatsLeft: z.number().int().nonnegative().optional() }))
    .min(1),
  fees: feeSchema,
  covers: z.array(text(200)).min(3),
  tests: z.array(text(200)).min(1),
  material: z.array(text(200)).min(1),
  faculty: z.array(facultySchema).min(1),
  results: z.array(z.object({ figure: text(20), label: text(80) })).min(1),
  faqs: z.array(faqSchema).min(3),
  testimonials: z.array(testimonialSchema).min(1),
});

export type Seo = z.infer<typeof seoSchema>;
export type Faq = z.infer<typeof faqSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Faculty = z.infer<typeof facultySchema>;
export type Site = z.infer<typeof siteSchema>;
export type Course = z.infer<typeof courseSchema>;

const section = z.object({ heading: text(80), intro: text(400).optional() });

export const homeSchema = z.object({
  seo: seoSchema,
  hero: z.object({
    eyebrow: text(60),
    heading: text(90).describe('The page <h1>.'),
    lead: text(260),
    primaryCta: text(30).describe('Button that scrolls to / opens the enquiry form.'),
    secondaryCta: text(30).describe('Button that calls the institute.'),
    highlights: z.array(text(60)).min(2).max(4),
  }),
  courses: section,
  comparison: section,
  whyUs: section.extend({
    points: z
      .array(z.object({ title: text(60), body: text(240) }))
      .min(3)
      .max(6),
  }),
  results: section.extend({
    stats: z
      .array(z.object({ figure: text(20), label: text(80) }))
      .min(3)
      .max(6),
    note: text(200).describe('How the figures were counted.'),
  }),
  testimonials: section.extend({ items: z.array(testimonialSchema).min(3) }),
  faq: section.extend({ items: z.array(faqSchema).min(4) }),
  enquiry: section,
});

export const aboutSchema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  story: section.extend({ paragraphs: z.array(text(700)).min(2) }),
  approach: section.extend({
    points: z.array(z.object({ title: text(60), body: text(300) })).min(3),
  }),
  faculty: section.extend({ members: z.array(facultySchema).min(4) }),
  enquiry: section,
});

export const contactSchema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  visit: section,
  enquiry: section,
});

export const notFoundSchema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  homeLink: text(40),
  coursesHeading: text(60),
});

export const privacySchema = z.object({
  seo: seoSchema,
  heading: text(90),
  /** Changes whenever the notice's substance changes; stored with each enquiry's consent. */
  version: z.iso.date(),
  lead: text(400),
  sections: z
    .array(
      z.object({ heading: text(80), paragraphs: z.array(text(700)).min(1), points: z.array(text(300)).optional() }),
    )
    .min(5),
});

export const thankYouSchema = z.object({
  seo: seoSchema,
  heading: text(90),
  lead: text(300),
  nextHeading: text(60),
  next: z.array(text(200)).min(2).max(5),
  coursesHeading: text(60),
});

export type Home = z.infer<typeof homeSchema>;
export type About = z.infer<typeof aboutSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type NotFound = z.infer<typeof notFoundSchema>;
export type ThankYou = z.infer<typeof thankYouSchema>;
export type Privacy = z.infer<typeof privacySchema>;
