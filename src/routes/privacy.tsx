import { paths } from '../config/paths';
import { privacy } from '../content/pages';
import { site } from '../content/site';
import { ui } from '../content/ui';
import { formatDate, formatPhone, telHref } from '../lib/format';
import { pageMeta } from '../lib/seo';

export const meta = () => pageMeta({ seo: privacy.seo, path: paths.privacy });

export default function PrivacyPage() {
  const officer = site.grievanceOfficer;
  return (
    <article className="page-section">
      <div className="container container--narrow prose">
        <h1>{privacy.heading}</h1>
        <p className="hero__lead">{privacy.lead}</p>
        <p className="note">
          {ui.privacy.version} {formatDate(privacy.version)}
        </p>
        {privacy.sections.map((section) => (
          <section key={section.heading} aria-labelledby={`privacy-${section.heading.replace(/\W+/g, '-')}`}>
            <h2 id={`privacy-${section.heading.replace(/\W+/g, '-')}`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
            {section.points && (
              <ul>
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <h2>{ui.privacy.grievanceHeading}</h2>
        <address className="card">
          <p>
            <strong>{officer.name}</strong>
            <br />
            {site.name}, {site.address.street}, {site.address.city} {site.address.postalCode}
          </p>
          <p>
            {ui.actions.email}: <a href={`mailto:${officer.email}`}>{officer.email}</a>
            <br />
            {ui.actions.call}: <a href={telHref(officer.phone)}>{formatPhone(officer.phone)}</a>
          </p>
        </address>
      </div>
    </article>
  );
}
