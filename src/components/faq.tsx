import type { Faq as FaqItem } from '../content/schema';

type FaqProps = {
  heading: string;
  items: readonly FaqItem[];
  id?: string;
};

/**
 * Questions and answers as native disclosure widgets: keyboard- and screen-reader-
 * friendly with no JavaScript, and every answer is in the HTML for search engines.
 */
export function Faq({ heading, items, id = 'faq' }: FaqProps) {
  return (
    <section className="page-section" aria-labelledby={`${id}-heading`}>
      <div className="container container--narrow">
        <h2 id={`${id}-heading`}>{heading}</h2>
        <div className="faq">
          {items.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
