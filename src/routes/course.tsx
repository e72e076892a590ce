import { Link } from 'react-router';
import { ContactActions } from '../components/contact-actions';
import { DeferredEnquiryForm } from '../components/enquiry-form/deferred-enquiry-form';
import { EventCards } from '../components/event-cards';
import { FacultyList } from '../components/faculty-list';
import { Faq } from '../components/faq';
import { Notices } from '../components/notices';
import { Stats } from '../components/stats';
import { Testimonials } from '../components/testimonials';
import { languageOfPath, unlocalizedPath } from '../../shared/languages';
import { courseSlugOfPath } from '../../shared/paths';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { renderDay } from '../content/render-day';
import { fill } from '../../shared/format';
import type { Route } from './+types/course';

/** One module serves the six course pages in every language (see src/routes.ts); the URL says which. */
export const loader = ({ url, context }: Route.LoaderArgs) => {
  const { pathname } = url;
  const slug = courseSlugOfPath(unlocalizedPath(pathname));
  if (!slug) throw new Error(`No course at ${pathname}`);
  return pageData(context.get(siteContent)).courseData(languageOfPath(pathname), slug, context.get(renderDay));
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

function Lines({ items }: { items: readonly string[] }) {
  return (
    <ul className="tick-list">
      {items.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export default function CoursePage({ loaderData: course }: Route.ComponentProps) {
  const c = course.labels;
  const next = course.batches[0];

  return (
    <>
      <section className="hero hero--compact">
        <div className="container hero__layout">
          <div>
            <p className="hero__eyebrow">{course.exam}</p>
            <h1>{course.name}</h1>
            <p className="hero__lead">{course.summary}</p>
            <ContactActions enquireHref="#enquiry" />
            {/* After the buttons, as on the home page: the call to action stays on a phone's first screen. */}
            <Notices notices={course.notices} />
          </div>
          {/* The facts a parent compares first, beside the title on wide screens and after the buttons on phones. */}
          <section className="card hero__facts" aria-labelledby="facts-heading">
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
                  <dd>{next.startsOn}</dd>
                </div>
              )}
              <div>
                <dt>{course.fees.label}</dt>
                <dd>{course.fees.amount}</dd>
              </div>
            </dl>
            <p>
              <strong>{c.eligibility}:</strong> {course.audience.eligibility}
            </p>
          </section>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="schedule-heading">
        <div className="container split">
          <div>
            <h2 id="schedule-heading">{c.scheduleHeading}</h2>
            <Lines items={course.schedule} />
          </div>
          <div>
            <h2>{c.batchesHeading}</h2>
            {course.batches.length === 0 && <p>{c.noBatches}</p>}
            <ul className="batch-list">
              {course.batches.map((batch) => (
                <li key={batch.id} className="card">
                  <strong>{batch.name}</strong>
                  <span>
                    {c.batchStarts} {batch.startsOn}
                  </span>
                  {batch.seatsLeft && (
                    <span className="badge">
                      {fill(c.seatsLeft, { count: batch.seatsLeft.count, date: batch.seatsLeft.asOf })}
                    </span>
                  )}
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
            {course.fees.total.label}: <strong>{course.fees.total.amount}</strong>
          </p>
          {course.fees.gst && <p>{course.fees.gst}</p>}
          <p>
            {course.fees.label}: <strong>{course.fees.amount}</strong>
          </p>
          <p>{course.fees.note}</p>
          <h3>{c.instalmentsHeading}</h3>
          {course.fees.years.map((year) => (
            <table key={year.year} className="fee-table">
              {year.heading && <caption>{year.heading}</caption>}
              <tbody>
                {year.instalments.map((instalment) => (
                  <tr key={instalment.id}>
                    <th scope="row">{instalment.label}</th>
                    <td>{instalment.due}</td>
                    <td className="num">{instalment.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          {course.fees.admissionCharge && <p>{course.fees.admissionCharge}</p>}
          {course.fees.school && (
            <p>
              {course.fees.school.fee}
              {course.fees.school.name && (
                <>
                  <br />
                  {course.fees.school.name}
                </>
              )}
            </p>
          )}
          <section aria-labelledby="refund-heading" className="refund">
            <h3 id="refund-heading">{course.refund.heading}</h3>
            <p>{course.refund.within}</p>
            <p>{course.refund.after}</p>
            <p className="note">{course.refund.example}</p>
            <p>
              <Link to={course.refund.policy.href}>{course.refund.policy.text}</Link>
            </p>
          </section>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="covers-heading">
        <div className="container split split--three">
          <div>
            <h2 id="covers-heading">{c.coversHeading}</h2>
            <Lines items={course.covers} />
          </div>
          <div>
            <h2>{c.testsHeading}</h2>
            <Lines items={course.tests} />
          </div>
          <div>
            <h2>{c.materialHeading}</h2>
            <Lines items={course.material} />
          </div>
        </div>
      </section>

      <section className="page-section" aria-labelledby="faculty-heading">
        <div className="container">
          <h2 id="faculty-heading">{c.facultyHeading}</h2>
          <FacultyList members={course.teachers} />
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="results-heading">
        <div className="container">
          <h2 id="results-heading">{c.resultsHeading}</h2>
          <Stats items={course.results} note={course.sampleNote} />
        </div>
      </section>

      <EventCards cards={course.events} />

      <Faq heading={c.faqHeading} items={course.faqs} />

      <Testimonials heading={c.testimonialsHeading} items={course.testimonials} note={course.sampleNote} />

      <section className="page-section" id="enquiry" aria-labelledby="enquiry-heading">
        <div className="container container--narrow">
          <h2 id="enquiry-heading">{c.enquiryHeading}</h2>
          <p>{c.enquiryIntro}</p>
          <DeferredEnquiryForm key={course.slug} course={course.slug} form={course.form} />
        </div>
      </section>
    </>
  );
}
