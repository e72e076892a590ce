import { Link } from 'react-router';
import type { CourseCard } from '../content/page-data';
import type { Copy } from '../content/schema';

type CourseComparisonProps = { courses: readonly CourseCard[]; labels: Copy['ui']['comparison'] };

/**
 * Who each course is for, side by side. Scrolls sideways on narrow screens, not the page; on a
 * phone the course names stay in view (sticky) and the total fee, one unit for every course,
 * comes straight after them, so a 360 px screen shows both without a swipe.
 */
export function CourseComparison({ courses, labels }: CourseComparisonProps) {
  return (
    <div className="table-scroll" role="region" aria-label={labels.scrollHint} tabIndex={0}>
      <table className="comparison">
        <caption className="visually-hidden">{labels.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.course}</th>
            <th scope="col">{labels.fee}</th>
            <th scope="col">{labels.whoFor}</th>
            <th scope="col">{labels.duration}</th>
            <th scope="col">{labels.mode}</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course.slug}>
              <th scope="row">
                <Link to={course.href}>{course.shortName}</Link>
              </th>
              <td className="comparison__fee">{course.fee.inTable}</td>
              <td>{course.classes}</td>
              <td>{course.duration}</td>
              <td>{course.mode}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
