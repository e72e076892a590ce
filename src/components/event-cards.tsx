import { Link } from 'react-router';
import type { EventCardsData } from '../content/page-data';

/**
 * The scholarship test and the demo class, a card each leading to its page, with the next date
 * open for booking (home and course pages). Styled as the course cards: the whole card is the link.
 */
export function EventCards({ cards }: { cards: EventCardsData }) {
  return (
    <section className="page-section" aria-labelledby="events-heading">
      <div className="container">
        <h2 id="events-heading">{cards.heading}</h2>
        <p className="section-intro">{cards.intro}</p>
        <ul className="card-grid course-cards">
          {cards.items.map((item) => (
            <li key={item.type} className="card course-card">
              <h3>
                <Link to={item.href} className="course-card__link">
                  {item.name}
                </Link>
              </h3>
              <p>{item.lead}</p>
              <p>
                <strong>{item.next}</strong>
              </p>
              <span className="course-card__more" aria-hidden="true">
                {cards.link} →
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
