import type { Testimonial } from '../content/schema';

type TestimonialsProps = {
  heading: string;
  intro?: string;
  items: readonly (Testimonial & { id: string })[];
  id?: string;
};

export function Testimonials({ heading, intro, items, id = 'testimonials' }: TestimonialsProps) {
  return (
    <section className="page-section page-section--tinted" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{heading}</h2>
        {intro && <p className="section-intro">{intro}</p>}
        <ul className="card-grid testimonials">
          {items.map((item) => (
            <li key={item.id}>
              <figure className="card testimonial">
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <strong>{item.name}</strong>
                  <span>{item.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
