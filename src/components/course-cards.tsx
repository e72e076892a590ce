import { Link } from 'react-router';
import { paths } from '../config/paths';
import { courses } from '../content/courses';
import { ui } from '../content/ui';
import { formatDate, formatRupees } from '../lib/format';

export function CourseCards() {
  return (
    <ul className="card-grid course-cards">
      {courses.map((course) => {
        const next = course.batches[0];
        return (
          <li key={course.slug} className="card course-card">
            <p className="course-card__exam">{course.exam}</p>
            <h3>
              <Link to={paths.course(course.slug)} className="course-card__link">
                {course.name}
              </Link>
            </h3>
            <p>{course.summary}</p>
            <dl className="facts facts--compact">
              <div>
                <dt>{ui.course.whoFor}</dt>
                <dd>{course.audience.classes}</dd>
              </div>
              <div>
                <dt>{ui.course.duration}</dt>
                <dd>{course.duration}</dd>
              </div>
              {next && (
                <div>
                  <dt>{ui.course.nextBatch}</dt>
                  <dd>{formatDate(next.starts)}</dd>
                </div>
              )}
              <div>
                <dt>{ui.course.feesTotal}</dt>
                <dd>{formatRupees(course.fees.total)}</dd>
              </div>
            </dl>
            <span className="course-card__more" aria-hidden="true">
              {ui.actions.viewCourse} →
            </span>
          </li>
        );
      })}
    </ul>
  );
}
