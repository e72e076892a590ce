import { Link } from 'react-router';
import { paths } from '../config/paths';
import { courses } from '../content/courses';

/** Every course, as a plain list of links (the not-found and thank-you pages). */
export function CourseLinkList() {
  return (
    <ul className="link-list">
      {courses.map((course) => (
        <li key={course.slug}>
          <Link to={paths.course(course.slug)}>{course.name}</Link>
        </li>
      ))}
    </ul>
  );
}
