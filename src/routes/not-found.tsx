import { Link, type MetaDescriptor } from 'react-router';
import { CourseLinkList } from '../components/course-link-list';
import { isLanguage } from '../../shared/languages';
import { paths } from '../../shared/paths';
import type { LayoutData } from '../content/page-data';
import { useLayoutData, useLocalize } from '../lib/use-language';

/** One prerendered page per language for every unknown path; its words come with the language's layout. */
export const meta = ({ matches }: { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] }) =>
  (matches.find((match) => isLanguage(match?.id))?.loaderData as LayoutData | undefined)?.notFoundMeta ??
  ([] as MetaDescriptor[]);

export default function NotFoundPage() {
  const { notFound } = useLayoutData();
  const localize = useLocalize();
  return (
    <section className="page-section">
      <div className="container container--narrow">
        <h1>{notFound.heading}</h1>
        <p className="hero__lead">{notFound.lead}</p>
        <p>
          <Link className="button button--primary" to={localize(paths.home)}>
            {notFound.homeLink}
          </Link>
        </p>
        <h2>{notFound.coursesHeading}</h2>
        <CourseLinkList />
      </div>
    </section>
  );
}
