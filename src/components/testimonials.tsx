import type { ShownPhoto } from '../content/photos';
import type { Testimonial } from '../content/schema';
import { Photo } from './photo';

type TestimonialsProps = {
  heading: string;
  intro?: string;
  /**
   * `result`: the exam result a student's testimonial claims, stated in full; `photo`: the student's,
   * where there is one (src/content/page-data.ts).
   */
  items: readonly (Omit<Testimonial, 'photoAlt'> & {
    id: string;
    result?: { headline: string; course: string } | undefined;
    photo?: ShownPhoto | undefined;
  })[];
  id?: string;
  /** The sample-data note, beside the results while they are samples. */
  note?: string;
};

export function Testimonials({ heading, intro, items, id = 'testimonials', note }: TestimonialsProps) {
  return (
    <section className="page-section page-section--tinted" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{heading}</h2>
        {intro && <p className="section-intro">{intro}</p>}
        <ul className="card-grid testimonials">
          {items.map((item) => (
            <li key={item.id}>
              <figure className="card testimonial">
                {item.photo && <Photo photo={item.photo} use="student" className="testimonial__photo" />}
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{item.name}</strong>
                  {item.result && <span className="testimonial__result">{item.result.headline}</span>}
                  <span>{item.detail}</span>
                  {item.result && <span>{item.result.course}</span>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {note && items.some((item) => item.result) && <p className="note">{note}</p>}
      </div>
    </section>
  );
}
