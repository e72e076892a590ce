/**
 * The checks the build runs on the content (scripts/check-content.ts) and the unit
 * tests repeat: every file against its schema, plus the rules a schema cannot see.
 * Not imported by any page, so zod never reaches the browser.
 */
import type { z } from 'zod';
import { courseSlugs } from '../config/paths';
import { courses } from './courses';
import { about, contact, home, notFound, privacy, thankYou } from './pages';
import {
  aboutSchema,
  contactSchema,
  courseSchema,
  homeSchema,
  notFoundSchema,
  siteSchema,
  privacySchema,
  thankYouSchema,
} from './schema';
import { site } from './site';

export function validateContent(): string[] {
  const problems: string[] = [];
  const check = (name: string, schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${name}.${issue.path.join('.')}: ${issue.message}`);
    }
  };

  check('site', siteSchema, site);
  check('home', homeSchema, home);
  check('about', aboutSchema, about);
  check('contact', contactSchema, contact);
  check('notFound', notFoundSchema, notFound);
  check('thankYou', thankYouSchema, thankYou);
  check('privacy', privacySchema, privacy);
  courses.forEach((course, i) => check(`courses[${i}]`, courseSchema, course));

  const slugs = courses.map((course) => course.slug);
  if (slugs.join() !== courseSlugs.join()) {
    problems.push(
      `courses: expected one course per route in this order: ${courseSlugs.join(', ')}; got ${slugs.join(', ')}`,
    );
  }
  for (const course of courses) {
    const sum = course.fees.instalments.reduce((total, instalment) => total + instalment.amount, 0);
    if (sum !== course.fees.total) {
      problems.push(`courses.${course.slug}.fees: instalments add up to ${sum}, not the total ${course.fees.total}`);
    }
  }
  return problems;
}
