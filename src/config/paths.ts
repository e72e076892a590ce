/**
 * The route table: every internal link is built from here, and `src/routes.ts`
 * registers exactly these paths. No URL string is typed anywhere else.
 */
export const courseSlugs = [
  'neet-year-long',
  'neet-repeaters',
  'neet-crash-course',
  'foundation',
  'jee',
  'integrated-program',
] as const;

export type CourseSlug = (typeof courseSlugs)[number];

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  course: (slug: CourseSlug) => `/courses/${slug}` as const,
  /** Where a plain HTML form post (no JavaScript) lands after a successful enquiry. */
  thankYou: '/thank-you',
  /** Where the prerendered not-found page is written; the server answers 404 with it. */
  notFound: '/404',
  api: {
    enquiries: '/api/enquiries',
    enquiriesExport: '/api/enquiries/export',
    health: '/healthz',
  },
} as const;

/** Every indexable page, in the order the sitemap lists them. */
export const sitePaths: readonly string[] = [
  paths.home,
  ...courseSlugs.map(paths.course),
  paths.about,
  paths.contact,
  paths.privacy,
];

export const isCourseSlug = (value: string): value is CourseSlug => (courseSlugs as readonly string[]).includes(value);
