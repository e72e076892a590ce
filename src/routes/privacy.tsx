import { languageOfPath } from '../../shared/languages';
import { pageData } from '../content/page-data';
import { siteContent } from '../content/site-content';
import { formatDate, formatPhone, telHref } from '../../shared/format';
import { useLayoutData } from '../lib/use-language';
import type { Route } from './+types/privacy';
import { paths } from '../../shared/paths';

export const loader = ({ url, context }: Route.LoaderArgs) => {
  const language = languageOfPath(url.pathname);
  const { copy, institute, meta } = pageData(context.get(siteContent));
  const words = copy[language];
  return {
    meta: meta(language, words.privacy.seo, paths.privacy),
    privacy: words.privacy,
    /** The notice's version: the date it took effect, formatted. */
    version: formatDate(institute.privacyNoticeVersion, language),
    officer: { name: words.site.grievanceOfficer, ...institute.grievanceOfficer },
    labels: words.ui.privacy,
  };
};

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { privacy, version, officer, labels } = loaderData;
  const { site, ui } = useLayoutData();
  return (
    <article className="page-section">
      <div className="container container--narrow prose">
        <h1>{privacy.heading}</h1>
        <p className="hero__lead">{privacy.lead}</p>
        <p className="note">
          {labels.version} {version}
        </p>
        {privacy.sections.map((section, index) => (
          // Ids by position: headings in any script get distinct ids.
          <section key={section.heading} aria-labelledby={`privacy-section-${index + 1}`}>
            <h2 id={`privacy-section-${index + 1}`}>{section.heading}</h2>
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
        <h2>{labels.grievanceHeading}</h2>
        <address className="card">
          <p>
            <strong>{officer.name}</strong>
            <br />
            {site.name}, {site.addressLines.street}, {site.addressLines.city}
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
