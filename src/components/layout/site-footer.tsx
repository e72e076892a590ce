import { Link } from 'react-router';
import { openPrivacyChoices } from '../../lib/consent';
import { formatPhone, telHref, whatsappHref } from '../../../shared/format';
import { useLayoutData } from '../../lib/use-language';
import { usePixelId } from '../consent-banner';
import { Logo } from './logo';

export function SiteFooter() {
  const { site, ui, courses, footerLinks } = useLayoutData();
  // Tracking choices exist only where the pixel is configured.
  const pixelId = usePixelId();
  return (
    <footer className="site-footer">
      <div className="container site-footer__brand">
        <Logo name={site.logo.name} tagline={site.logo.tagline} />
      </div>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-courses">
          <h2 id="footer-courses">{ui.footer.coursesHeading}</h2>
          <ul>
            {courses.map((course) => (
              <li key={course.slug}>
                <Link to={course.href}>{course.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-institute">
          <h2 id="footer-institute">{ui.footer.instituteHeading}</h2>
          <ul>
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.text}</Link>
              </li>
            ))}
            {pixelId && (
              <li>
                <button type="button" className="link-button" onClick={openPrivacyChoices}>
                  {ui.consent.choices}
                </button>
              </li>
            )}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{ui.footer.contactHeading}</h2>
          <address>
            <p>
              {site.name}
              <br />
              {site.addressLines.street}
              <br />
              {site.addressLines.city}
            </p>
            <ul>
              <li>
                {ui.actions.call}: <a href={telHref(site.phone)}>{formatPhone(site.phone)}</a>
              </li>
              <li>
                {ui.actions.whatsapp}:{' '}
                <a href={whatsappHref(site.whatsapp, ui.actions.whatsappMessage)}>{formatPhone(site.whatsapp)}</a>
              </li>
              <li>
                {ui.actions.email}: <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
            </ul>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">{ui.footer.hoursHeading}</h2>
          <dl className="hours">
            {site.hours.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.time}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>{site.sampleNotice}</p>
        <p>
          © {site.name}. {ui.footer.rights}
        </p>
      </div>
    </footer>
  );
}
