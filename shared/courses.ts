/**
 * The courses the institute teaches, by the slug each is known by everywhere: its page's path
 * (shared/paths.ts), the form's choice, the content's course, an enquiry's stored course. A leaf:
 * it imports nothing, so the schemas and the paths can both read it.
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

export const isCourseSlug = (value: string): value is CourseSlug => (courseSlugs as readonly string[]).includes(value);
