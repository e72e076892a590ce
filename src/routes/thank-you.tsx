import { ContactActions } from '../components/contact-actions';
import { CourseLinkList } from '../components/course-link-list';
import { paths } from '../config/paths';
import { thankYou } from '../content/pages';
import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ seo: thankYou.seo, path: paths.thankYou, noindex: true });

/** Where an enquiry sent without JavaScript lands (the form with JavaScript confirms in place). */
export default function ThankYouPage() {
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
