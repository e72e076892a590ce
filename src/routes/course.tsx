import { data, useLocation } from 'react-router';
import { ContactActions } from '../components/contact-actions';
import { DeferredEnquiryForm } from '../components/enquiry-form/deferred-enquiry-form';
import { FacultyList } from '../components/faculty-list';
import { Faq } from '../components/faq';
import { Testimonials } from '../components/testimonials';
import { paths } from '../config/paths';
import { courseForPath } from '../content/course-lookup';
import type { Course } from '../content/schema';
import { ui } from '../content/ui';
import { formatDate, formatRupees } from '../lib/format';
import { pageMeta } from '../lib/seo';
import { courseJsonLd, faqJsonLd } from '../lib/structured-data';
import type { Route } from './+types/course';

/** One module serves the six course pages (see src/routes.ts); the URL says which. */
function useCourse(pathname: string): Course {
  const course = courseForPath(pathname);
  if (!course) throw data(null, { status: 404 });
  return course;
}

export const meta = ({ location }: Route.MetaArgs) => {
  const course = courseForPath(location.pathname);
  if (!course) return [];
  return pageMeta({
    seo: course.seo,
    path: paths.course(course.slug),
    jsonLd: [courseJsonLd(course), faqJsonLd(course.faqs)],
  });
};

export default function CoursePage() {
  const course = useCourse(useLocation().pathname);
  const c = ui.course;
  const next = course.batches[0];

  return (
    <>
      <section className="hero hero--compact">
        <div className="container">
          <p className="hero__eyebrow">{course.exam}</p>
          <h1>{course.name}</h1>
          <p className="hero__lead">{course.summary}</p>
          <ContactActions enquireHref="#enquiry" />
        </div>
      </section>

      <section className="page-section" aria-labelledby="facts-heading">
        <div className="container">
          <h2 id="facts-heading">{c.factsHeading}</h2>
          <dl className="facts facts--grid">
            <div>
              <dt>{c.whoFor}</dt>
              <dd>{course.audience.classes}</dd>
            </div>
            <div>
              <dt>{c.mode}</dt>
              <dd>{course.mode}</dd>
            </div>
            <div>
              <dt>{c.duration}</dt>
              <dd>{course.duration}</dd>
            </div>
            {next && (
              <div>
                <dt>{c.nextBatch}</dt>
                <dd>{formatDate(next.starts)}</dd>
              </div>
            )}
            <div>
              <dt>{c.feesTotal}</dt>
              <dd>{formatRupees(course.fees.total)}</dd>
            </div>
          </dl>
          <p>
            <strong>{c.eligibility}:</strong> {course.audience.eligibility}
          </p>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="schedule-heading">
        <div className="container split">
          <div>
            <h2 id="schedule-heading">{c.scheduleHeading}</h2>
            <ul className="tick-list">
              {course.schedule.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{c.batchesHeading}</h2>
            <ul className="batch-list">
              {course.batches.map((batch) => (
                <li key={batch.name} className="card">
                  <strong>{batch.name}</strong>
                  <span>
                    {c.batchStarts} {formatDate(batch.starts)}
                  </span>
                  {batch.seatsLeft !== undefined && <span className="badge">{c.seatsLeft(batch.seatsLeft)}</span>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="page-section" aria-labelledby="fees-heading">
        <div className="container container--narrow">
          <h2 id="fees-heading">{c.feesHeading}</h2>
          <p className="fee-total">
            {c.feesTotal}: <strong>{formatRupees(course.fees.total)}</strong>
          </p>
          <p>{course.fees.note}</p>
          <h3>{c.instalmentsHeading}</h3>
          <table className="fee-table">
            <tbody>
              {course.fees.instalments.map((instalment) => (
                <tr key={instalment.label}>
                  <th scope="row">{instalment.label}</th>
                  <td>{instalment.due}</td>
                  <td className="num">{formatRupees(instalment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="covers-heading">
        <div className="container split split--three">
          <div>
            <h2 id="covers-heading">{c.coversHeading}</h2>
            <ul className="tick-list">
              {course.covers.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{c.testsHeading}</h2>
            <ul className="tick-list">
              {course.tests.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{c.materialHeading}</h2>
            <ul className="tick-list">
              {course.material.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="page-section" aria-labelledby="faculty-heading">
        <div className="container">
          <h2 id="faculty-heading">{c.facultyHeading}</h2>
          <FacultyList members={course.faculty} />
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="results-heading">
        <div className="container">
          <h2 id="results-heading">{c.resultsHeading}</h2>
          <ul className="stats">
            {course.results.map((result) => (
              <li key={result.label}>
                <strong>{result.figure}</strong>
                <span>{result.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Faq heading={c.faqHeading} items={course.faqs} />

      <Testimonials heading={c.testimonialsHeading} items={course.testimonials} />

      <section className="page-section" id="enquiry" aria-labelledby="enquiry-heading">
        <div className="container container--narrow">
          <h2 id="enquiry-heading">{c.enquiryHeading}</h2>
          <p>{c.enquiryIntro}</p>
          <DeferredEnquiryForm key={course.slug} course={course.slug} />
        </div>
      </section>
    </>
  );
}
