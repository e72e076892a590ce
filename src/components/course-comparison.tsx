import { Link } from 'react-router';
import { paths } from '../config/paths';
import { courses } from '../content/courses';
import { ui } from '../content/ui';
import { formatRupees } from '../lib/format';

/** Who each course is for, side by side. Scrolls sideways on narrow screens, not the page. */
export function CourseComparison() {
  return (
    <div className="table-scroll" role="region" aria-label={ui.comparison.scrollHint} tabIndex={0}>
      <table className="comparison">
        <caption className="visually-hidden">{ui.comparison.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{ui.comparison.course}</th>
            <th scope="col">{ui.comparison.whoFor}</th>
            <th scope="col">{ui.comparison.duration}</th>
            <th scope="col">{ui.comparison.mode}</th>
            <th scope="col">{ui.comparison.fee}</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course.slug}>
              <th scope="row">
                <Link to={paths.course(course.slug)}>{course.shortName}</Link>
              </th>
              <td>{course.audience.classes}</td>
              <td>{course.duration}</td>
              <td>{course.mode}</td>
              <td>{formatRupees(course.fees.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
