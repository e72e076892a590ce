import { ContactActions } from '../components/contact-actions';
import { CourseLinkList } from '../components/course-link-list';
import { languageOfPath } from '../../shared/languages';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import type { Route } from './+types/thank-you';
import { paths } from '../../shared/paths';

export const loader = ({ url, context }: Route.LoaderArgs) => {
  const language = languageOfPath(url.pathname);
  const { copy, meta } = pageData(context.get(siteContent));
  return {
    meta: meta(language, copy[language].thankYou.seo, paths.thankYou, { noindex: true }),
    thankYou: copy[language].thankYou,
  };
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

/** Where an enquiry sent without JavaScript lands (the form with JavaScript confirms in place). */
export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { thankYou } = loaderData;
  return (
    <section className="page-section">
      <div className="container container--narrow">
        <h1>{thankYou.heading}</h1>
        <p className="hero__lead">{thankYou.lead}</p>
        <h2>{thankYou.nextHeading}</h2>
        <ol>
          {thankYou.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <ContactActions />
        <h2>{thankYou.coursesHeading}</h2>
        <CourseLinkList />
      </div>
    </section>
  );
}
