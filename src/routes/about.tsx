import { ContactActions } from '../components/contact-actions';
import { FacultyList } from '../components/faculty-list';
import { languageOfPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { useLocalize } from '../lib/use-language';
import type { Route } from './+types/about';

export const loader = ({ url, context }: Route.LoaderArgs) => {
  const language = languageOfPath(url.pathname);
  const { copy, institute, meta, teachers } = pageData(context.get(siteContent));
  return {
    meta: meta(language, copy[language].about.seo, paths.about),
    about: copy[language].about,
    teachers: teachers(language, institute.aboutTeachers),
  };
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { about, teachers } = loaderData;
  const { story, approach, faculty } = about;
  const localize = useLocalize();
  return (
    <>
      <section className="hero hero--compact">
        <div className="container">
          <h1>{about.heading}</h1>
          <p className="hero__lead">{about.lead}</p>
        </div>
      </section>

      <section className="page-section" aria-labelledby="story-heading">
        <div className="container container--narrow prose">
          <h2 id="story-heading">{story.heading}</h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="approach-heading">
        <div className="container">
          <h2 id="approach-heading">{approach.heading}</h2>
          {approach.intro && <p className="section-intro">{approach.intro}</p>}
          <ul className="card-grid points">
            {approach.points.map((point) => (
              <li key={point.title} className="card">
                <h3>{point.title}</h3>
                <p>{point.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section" aria-labelledby="faculty-heading">
        <div className="container">
          <h2 id="faculty-heading">{faculty.heading}</h2>
          {faculty.intro && <p className="section-intro">{faculty.intro}</p>}
          <FacultyList members={teachers} />
        </div>
      </section>

      <section className="page-section cta-band" aria-labelledby="enquiry-heading">
        <div className="container container--narrow">
          <h2 id="enquiry-heading">{about.enquiry.heading}</h2>
          {about.enquiry.intro && <p>{about.enquiry.intro}</p>}
          <ContactActions enquireHref={localize(`${paths.contact}#enquiry`)} />
        </div>
      </section>
    </>
  );
}
