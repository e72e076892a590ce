import { languageOfPath, localizedPath } from '../../shared/languages';
import { Link } from 'react-router';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import type { Route } from './+types/refund-policy';
import { paths } from '../../shared/paths';
import { refundLines } from '../content/refunds';

/** The refund policy: how to ask and when, and each course's rules with its worked example. */
export const loader = ({ url, context }: Route.LoaderArgs) => {
  const language = languageOfPath(url.pathname);
  const { copy, institute, meta } = pageData(context.get(siteContent));
  const words = copy[language].refunds;
  return {
    meta: meta(language, words.seo, paths.refunds),
    words,
    courses: institute.courses.map((course) => ({
      slug: course.slug,
      name: copy[language].courses[course.slug].name,
      href: localizedPath(language, paths.course(course.slug)),
      ...refundLines(course, copy[language], language),
    })),
  };
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

/** The refund policy: each course's rules and worked example, from the course's facts, and how to ask. */
export default function RefundPolicyPage({ loaderData }: Route.ComponentProps) {
  const { words, courses } = loaderData;
  return (
    <article className="page-section">
      <div className="container container--narrow prose">
        <h1>{words.heading}</h1>
        <p className="hero__lead">{words.lead}</p>
        <section aria-labelledby="refund-courses">
          <h2 id="refund-courses">{words.coursesHeading}</h2>
          {courses.map((course) => (
            <section key={course.slug} aria-labelledby={`refund-${course.slug}`} className="card refund-course">
              <h3 id={`refund-${course.slug}`}>
                <Link to={course.href}>{course.name}</Link>
              </h3>
              <p>{course.within}</p>
              <p>{course.after}</p>
              <p className="note">{course.example}</p>
            </section>
          ))}
        </section>
        {words.sections.map((section, index) => (
          // Ids by position: headings in any script get distinct ids.
          <section key={section.heading} aria-labelledby={`refund-section-${index + 1}`}>
            <h2 id={`refund-section-${index + 1}`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
