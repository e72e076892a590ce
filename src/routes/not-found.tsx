import { Link } from 'react-router';
import { CourseLinkList } from '../components/course-link-list';
import { paths } from '../config/paths';
import { notFound } from '../content/pages';
import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ seo: notFound.seo, path: paths.notFound, noindex: true });

export default function NotFoundPage() {
  return (
    <section className="page-section">
      <div className="container container--narrow">
        <h1>{notFound.heading}</h1>
        <p className="hero__lead">{notFound.lead}</p>
        <p>
          <Link className="button button--primary" to={paths.home}>
            {notFound.homeLink}
          </Link>
        </p>
        <h2>{notFound.coursesHeading}</h2>
        <CourseLinkList />
      </div>
    </section>
  );
}
