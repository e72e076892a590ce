import { ContactActions } from '../components/contact-actions';
import { DeferredEnquiryForm } from '../components/enquiry-form/deferred-enquiry-form';
import { languageOfPath } from '../../shared/languages';
import { pageData } from '../content/page-data';
import { type SiteContent, siteContent } from '../content/site-content';
import { fill, formatPhone, telHref, whatsappHref } from '../../shared/format';
import { useLayoutData } from '../lib/use-language';
import type { Route } from './+types/contact';
import { paths } from '../../shared/paths';

export const loader = ({ url, context }: Route.LoaderArgs) => {
  const language = languageOfPath(url.pathname);
  const { copy, institute, meta, enquiryFormData } = pageData(context.get(siteContent));
  const words = copy[language].contact;
  return {
    meta: meta(language, words.seo, paths.contact),
    contact: words,
    prospectus: prospectusLink(institute.prospectus, words.prospectus),
    form: enquiryFormData(language),
  };
};

/** The prospectus PDF staff uploaded, as a link that says its size; none while there is none. */
function prospectusLink(prospectus: SiteContent['institute']['prospectus'], words: string | undefined) {
  if (!prospectus || !words) return undefined;
  const megabytes = Math.max(0.1, Math.round(prospectus.bytes / 104_857.6) / 10);
  return { href: paths.media(prospectus.upload, prospectus.file), label: fill(words, { size: `${megabytes} MB` }) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { contact, prospectus, form } = loaderData;
  const { site, ui } = useLayoutData();
  return (
    <>
      <section className="hero hero--compact">
        <div className="container">
          <h1>{contact.heading}</h1>
          <p className="hero__lead">{contact.lead}</p>
          <ContactActions enquireHref="#enquiry" />
        </div>
      </section>

      <div className="container split">
        <section className="page-section" aria-labelledby="visit-heading">
          <h2 id="visit-heading">{contact.visit.heading}</h2>
          {contact.visit.intro && <p>{contact.visit.intro}</p>}
          <address className="contact-card card">
            <p>
              <strong>{site.name}</strong>
              <br />
              {site.addressLines.street}
              <br />
              {site.addressLines.city}
            </p>
            <dl className="facts facts--compact">
              <div>
                <dt>{ui.actions.call}</dt>
                <dd>
                  <a href={telHref(site.phone)}>{formatPhone(site.phone)}</a>
                </dd>
              </div>
              <div>
                <dt>{ui.actions.whatsapp}</dt>
                <dd>
                  <a href={whatsappHref(site.whatsapp, ui.actions.whatsappMessage)}>{formatPhone(site.whatsapp)}</a>
                </dd>
              </div>
              <div>
                <dt>{ui.actions.email}</dt>
                <dd>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                </dd>
              </div>
              {site.hours.map((row) => (
                <div key={row.days}>
                  <dt>{row.days}</dt>
                  <dd>{row.time}</dd>
                </div>
              ))}
            </dl>
            <p>
              <a href={site.mapsUrl} target="_blank" rel="noopener noreferrer">
                {ui.actions.directions}
              </a>
            </p>
            {prospectus && (
              <p>
                <a href={prospectus.href} type="application/pdf">
                  {prospectus.label}
                </a>
              </p>
            )}
          </address>
        </section>

        <section className="page-section" id="enquiry" aria-labelledby="enquiry-heading">
          <h2 id="enquiry-heading">{contact.enquiry.heading}</h2>
          {contact.enquiry.intro && <p>{contact.enquiry.intro}</p>}
          <DeferredEnquiryForm form={form} />
        </section>
      </div>
    </>
  );
}
