/**
 * The scholarship's description as the content holds it (shared/scholarship.ts): who may sit the
 * test, for which courses, and the band table. Checked when the content is built or published.
 */
import { z } from 'zod';
import { courseSlugs } from '../courses';
import { classLevels } from './enquiry-fields';

/** The band table: the maximum marks, and the marks each percentage starts at. */
export const scholarshipTableSchema = z
  .strictObject({
    maxMarks: z
      .number('Give the maximum marks.')
      .int('Give the maximum marks as a whole number.')
      .min(1, 'Give the maximum marks.')
      .max(1000, 'The maximum marks are at most 1,000.'),
    bands: z
      .array(
        z.strictObject({
          from: z.number('Give the marks the band starts at.').min(0, 'A band starts at 0 marks or more.'),
          percent: z
            .number('Give the percentage off the fee.')
            .int('Give the percentage as a whole number.')
            .min(1, 'A band gives at least 1% off.')
            .max(100, 'A band gives at most 100% off.'),
        }),
      )
      .min(1, 'Give at least one band.')
      .max(20, 'Keep at most 20 bands.')
      .refine(
        (bands) => new Set(bands.map((band) => band.from)).size === bands.length,
        'Two bands start at the same marks.',
      )
      .refine((bands) => {
        const sorted = [...bands].sort((a, b) => b.from - a.from);
        return sorted.every((band, i) => i === 0 || band.percent < (sorted[i - 1]?.percent ?? 0));
      }, 'More marks must earn a larger scholarship: each band gives more than the band below it.'),
  })
  .refine((table) => table.bands.every((band) => band.from <= table.maxMarks), {
    message: 'A band starts above the maximum marks.',
    path: ['bands'],
  });

/**
 * The whole description: the classes that may sit the test, the courses whose fee it lowers (the
 * test's sessions may name no other), and the band table. The percentage is taken off the part of
 * the fee the words say (scholarship.feePart in en/ and hi/).
 */
export const scholarshipSchema = z
  .strictObject({
    classes: z
      .array(z.enum(classLevels))
      .min(1)
      .refine((list) => new Set(list).size === list.length, { message: 'names a class twice' })
      .describe('Who may sit the test.'),
    courses: z
      .array(z.enum(courseSlugs))
      .min(1)
      .refine((list) => new Set(list).size === list.length, { message: 'names a course twice' })
      .describe('The courses whose fee the scholarship lowers.'),
    maxMarks: scholarshipTableSchema.shape.maxMarks,
    bands: scholarshipTableSchema.shape.bands,
  })
  .refine((scholarship) => scholarship.bands.every((band) => band.from <= scholarship.maxMarks), {
    message: 'A band starts above the maximum marks.',
    path: ['bands'],
  });
export type Scholarship = z.infer<typeof scholarshipSchema>;
