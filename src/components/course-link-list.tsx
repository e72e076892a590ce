import { Link } from 'react-router';
import { useLayoutData } from '../lib/use-language';

/** Every course, as a plain list of links (the not-found and thank-you pages). */
export function CourseLinkList() {
  const { courses } = useLayoutData();
  return (
    <ul className="link-list">
      {courses.map((course) => (
        <li key={course.slug}>
          <Link to={course.href}>{course.name}</Link>
        </li>
      ))}
    </ul>
  );
}
