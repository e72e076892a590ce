/**
 * A course's results as its page says them: a figure that is a whole number ("131") counts
 * students, and is said with who sat, from the facts (institute.courses[].cohort, the words
 * courses.<slug>.resultsOf): "131 … of 164 weekend-batch students who sat NEET 2026 (3 Class 12
 * batches that year)". Other figures ("91%", "+62") are said as they are.
 */
import { fill } from '../../shared/format';
import type { CourseCopy, Institute } from './schema';

/** Whether a result's figure counts students: a whole number, nothing else. */
export const countsStudents = (figure: string): boolean => /^\d+$/.test(figure.trim());

export function resultItems(course: Institute['courses'][number], words: CourseCopy) {
  return words.results.map((stat) => ({
    ...stat,
    of:
      course.cohort && words.resultsOf && countsStudents(stat.figure)
        ? fill(words.resultsOf, { sat: course.cohort.sat, batches: course.cohort.batches })
        : undefined,
  }));
}
