import { Link } from 'react-router';
import type { CourseCard } from '../content/page-data';
import type { Copy } from '../content/schema';

type CourseCardsProps = {
  courses: readonly CourseCard[];
  labels: Pick<Copy['ui']['course'], 'whoFor' | 'duration' | 'nextBatch'>;
  viewCourse: string;
};

export function CourseCards({ courses, labels, viewCourse }: CourseCardsProps) {
  return (
    <ul className="card-grid course-cards">
      {courses.map((course) => (
        <li key={course.slug} className="card course-card">
          <p className="course-card__exam">{course.exam}</p>
          <h3>
            <Link to={course.href} className="course-card__link">
              {course.name}
            </Link>
          </h3>
          <p>{course.summary}</p>
          <dl className="facts facts--compact">
            <div>
              <dt>{labels.whoFor}</dt>
              <dd>{course.classes}</dd>
            </div>
            <div>
              <dt>{labels.duration}</dt>
              <dd>{course.duration}</dd>
            </div>
            {course.nextBatch && (
              <div>
                <dt>{labels.nextBatch}</dt>
                <dd>{course.nextBatch}</dd>
              </div>
            )}
            <div>
              <dt>{course.fee.label}</dt>
              <dd>{course.fee.amount}</dd>
            </div>
          </dl>
          <span className="course-card__more" aria-hidden="true">
            {viewCourse} →
          </span>
        </li>
      ))}
    </ul>
  );
}
