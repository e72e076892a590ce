import { ContactActions } from '../components/contact-actions';
import { CourseCards } from '../components/course-cards';
import { CourseComparison } from '../components/course-comparison';
import { EventCards } from '../components/event-cards';
import { Faq } from '../components/faq';
import { Notices } from '../components/notices';
import { Photo } from '../components/photo';
import { Stats } from '../components/stats';
import { Testimonials } from '../components/testimonials';
import { languageOfPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { useLocalize } from '../lib/use-language';
import { renderDay } from '../content/render-day';
import type { Route } from './+types/home';

export const loader = ({ url, context }: Route.LoaderArgs) =>
  pageData(context.get(siteContent)).homeData(languageOfPath(url.pathname), context.get(renderDay));

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { home, labels, courses, testimonials, heroPhoto, notices, events } = loaderData;
  const { hero, whyUs, results } = home;
  const localize = useLocalize();
  const enquireHref = localize(`${paths.contact}#enquiry`);
  return (
    <>
      <section className="hero">
        <div className="container hero__layout">
          <div>
            <p className="hero__eyebrow">{hero.eyebrow}</p>
            <h1>{hero.heading}</h1>
            <p className="hero__lead">{hero.lead}</p>
            <ContactActions enquireHref={enquireHref} enquireLabel={hero.primaryCta} callLabel={hero.secondaryCta} />
            {/* After the buttons: on a phone, asking for a call back stays on the first screen, above the consent banner. */}
            <Notices notices={notices} />
            <ul className="hero__highlights">
              {hero.highlights.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          {heroPhoto ? (
            <Photo photo={heroPhoto} use="hero" priority className="hero__photo" />
          ) : (
            // Artwork made for the site (src/assets/hero-art.svg), on wide screens only: a CSS background, so phones never load it.
            <div className="hero__art" aria-hidden="true" />
          )}
        </div>
      </section>

      <section className="page-section" id="courses" aria-labelledby="courses-heading">
        <div className="container">
          <h2 id="courses-heading">{home.courses.heading}</h2>
          {home.courses.intro && <p className="section-intro">{home.courses.intro}</p>}
          <CourseCards courses={courses} labels={labels.course} viewCourse={labels.actions.viewCourse} />
        </div>
      </section>

      <EventCards cards={events} />

      <section className="page-section page-section--tinted" aria-labelledby="compare-heading">
        <div className="container">
          <h2 id="compare-heading">{home.comparison.heading}</h2>
          {home.comparison.intro && <p className="section-intro">{home.comparison.intro}</p>}
          <CourseComparison courses={courses} labels={labels.comparison} />
        </div>
      </section>

      <section className="page-section" aria-labelledby="why-heading">
        <div className="container">
          <h2 id="why-heading">{whyUs.heading}</h2>
          {whyUs.intro && <p className="section-intro">{whyUs.intro}</p>}
          <ul className="card-grid points">
            {whyUs.points.map((point) => (
              <li key={point.title} className="card">
                <h3>{point.title}</h3>
                <p>{point.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="results-heading">
        <div className="container">
          <h2 id="results-heading">{results.heading}</h2>
          {results.intro && <p className="section-intro">{results.intro}</p>}
          <Stats items={results.stats} />
          <p className="note">{results.note}</p>
        </div>
      </section>

      <Testimonials
        heading={home.testimonials.heading}
        intro={home.testimonials.intro}
        items={testimonials}
        note={loaderData.sampleNote}
      />

      <Faq heading={home.faq.heading} items={home.faq.items} />

      <section className="page-section cta-band" id="enquiry" aria-labelledby="enquiry-heading">
        <div className="container container--narrow">
          <h2 id="enquiry-heading">{home.enquiry.heading}</h2>
          {home.enquiry.intro && <p>{home.enquiry.intro}</p>}
          <ContactActions enquireHref={enquireHref} />
        </div>
      </section>
    </>
  );
}
