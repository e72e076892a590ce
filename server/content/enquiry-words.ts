/**
 * An enquiry's coded values as staff read them, in English (the staff emails and the desk's
 * spreadsheet): the words are the English site's (src/content/en, through server-words).
 * Its language: shared/languages.ts `languageForStaff`.
 */
import { isCourseSlug } from '../../shared/courses';
import { type ClassLevel, classLevels, type Enquirer, enquirers } from '../../shared/schema/enquiry-fields';
import { serverWords } from '../../src/content/server-words';

const staff = serverWords.en;

/** 'neet-repeaters' → "NEET Repeaters (Dropper) Course". */
export const courseName = (slug: string) => (isCourseSlug(slug) ? staff.courseNames[slug] : slug);

/** '12-pass' → "12th passed / dropper". */
export const classLabel = (level: string) =>
  (classLevels as readonly string[]).includes(level) ? staff.form.classLevels[level as ClassLevel] : level;

/** 'parent' → "Parent or guardian". */
export const enquirerLabel = (enquirer: string) =>
  (enquirers as readonly string[]).includes(enquirer) ? staff.form.enquirers[enquirer as Enquirer] : enquirer;
