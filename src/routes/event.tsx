import { DeferredEnquiryForm } from '../components/enquiry-form/deferred-enquiry-form';
import { languageOfPath, unlocalizedPath } from '../../shared/languages';
import { eventTypeOfPath } from '../../shared/paths';
import { fill } from '../../shared/format';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { renderDay } from '../content/render-day';
import { useEventSeats } from '../lib/event-seats';
import type { Route } from './+types/event';

/** One module serves the scholarship test's and the demo class's pages in every language; the URL says which. */
export const loader = ({ url, context }: Route.LoaderArgs) => {
  const { pathname } = url;
  const type = eventTypeOfPath(unlocalizedPath(pathname));
  if (!type) throw new Error(`No event at ${pathname}`);
  return pageData(context.get(siteContent)).eventData(languageOfPath(pathname), type, context.get(renderDay));
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function EventPage({ loaderData: event }: Route.ComponentProps) {
  const { words, ui } = event;
  const seats = useEventSeats();
  const bookable = event.registration.sessions.length > 0;

  /** A session's state: what the server says now, or (until it has) what the page was rendered with. */
  const stateOf = (session: (typeof event.sessions)[number]) => {
    const live = seats.get(session.id);
    const open = live ? live.open : session.open;
    if (!open) return { text: ui.closed, full: true };
    if (!live) return undefined;
    return live.seatsLeft > 0
      ? { text: fill(ui.seatsLeft, { count: live.seatsLeft }), full: false }
      : { text: ui.full, full: true };
  };

  return (
    <>
      <section className="hero hero--compact">
        <div className="container container--narrow">
          <h1>{words.heading}</h1>
          <p className="hero__lead">{words.lead}</p>
          {bookable && (
            <p>
              <a className="button button--primary" href="#register">
                {ui.registerHeading}
              </a>
            </p>
          )}
        </div>
      </section>

      <section className="page-section" aria-labelledby="sessions-heading">
        <div className="container container--narrow">
          <h2 id="sessions-heading">{ui.sessionsHeading}</h2>
          {event.sessions.length === 0 && <p>{event.noSessions}</p>}
          <ul className="session-list">
            {event.sessions.map((session) => {
              const state = stateOf(session);
              return (
                <li key={session.id} className="card">
                  <h3>{session.day}</h3>
                  <p>
                    {session.time} · {session.reportBy}
                  </p>
                  <p>{session.venue}</p>
                  <p className="note">{session.forClasses}</p>
                  {state ? (
                    <p className={state.full ? 'badge badge--full' : 'badge'}>{state.text}</p>
                  ) : (
                    // The seats arrive after the page (useEventSeats): their line is kept for them, so
                    // the cards below do not move when they come (Lighthouse found this card shifting).
                    <p className="badge badge--awaited" aria-hidden="true">
                      {'\u00a0'}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="page-section page-section--tinted" aria-labelledby="about-heading">
        <div className="container split">
          <div>
            <h2 id="about-heading">{ui.aboutHeading}</h2>
            <ul className="tick-list">
              {words.about.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          {event.scholarship && (
            <div>
              <h2 id="scholarship-heading">{event.scholarship.heading}</h2>
              <table className="scholarship-bands" aria-labelledby="scholarship-heading">
                <thead>
                  <tr>
                    <th scope="col">{event.scholarship.marks}</th>
                    <th scope="col">{event.scholarship.percent}</th>
                  </tr>
                </thead>
                <tbody>
                  {event.scholarship.rows.map((row) => (
                    <tr key={row.marks}>
                      <td>{row.marks}</td>
                      <td>{row.off}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div>
            <h2>{ui.bringHeading}</h2>
            <ul className="tick-list">
              {words.bring.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {bookable && (
        <section className="page-section" id="register" aria-labelledby="register-heading">
          <div className="container container--narrow">
            <h2 id="register-heading">{ui.registerHeading}</h2>
            <p>{ui.registerIntro}</p>
            <DeferredEnquiryForm key={event.type} form={event.form} registration={event.registration} />
            <p className="note">{ui.seatsNote}</p>
          </div>
        </section>
      )}
      <section className="page-section">
        <div className="container container--narrow">
          {/* A plain link to a server page: it works before the page's script, and without it. */}
          <a href={event.findBooking.href} rel="nofollow">
            {event.findBooking.label}
          </a>
        </div>
      </section>
    </>
  );
}
