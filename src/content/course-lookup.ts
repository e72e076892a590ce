import { isCourseSlug } from '../config/paths';
import { courses } from './courses';
import type { Course } from './schema';

/** The course whose page is at `pathname` (/courses/<slug>), if any. */
export function courseForPath(pathname: string): Course | undefined {
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return isCourseSlug(slug) ? courses.find((course) => course.slug === slug) : undefined;
}
