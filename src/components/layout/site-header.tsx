import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation, useMatches } from 'react-router';
import { translatedPath } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { formatPhone, telHref } from '../../../shared/format';
import { useLayoutData, useLocalize } from '../../lib/use-language';
import { Logo } from './logo';

const NAV_ID = 'site-nav';

const noSubscription = () => () => {};
/**
 * True while React takes over a prerendered page that `isPrerendered` (the HTML says it), false
 * after and on every other page. Only a page where the two differ is rendered again once it has
 * hydrated (a synchronous render of the header and all below it: 20 ms on a phone, for nothing
 * when nothing changes).
 */
const useHydratingPrerendered = (isPrerendered: boolean) =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => isPrerendered,
  );

export function SiteHeader() {
  const { pathname } = useLocation();
  const { site, ui, courses, events, otherLanguages } = useLayoutData();
  const localize = useLocalize();
  // The not-found page is one document for every unknown path, prerendered at /404: until it
  // has hydrated, its switcher must say what the HTML says (the other language's /404).
  const onNotFound = useMatches().some((match) => match.id.endsWith('/not-found'));
  const switchFrom = useHydratingPrerendered(onNotFound) ? localize(paths.notFound) : pathname;
  // The menu is open on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={localize(paths.home)} className="site-header__brand">
          <Logo name={site.logo.name} tagline={site.logo.tagline} />
        </Link>
        {/* The same page in the other language, named in that language. */}
        <ul className="site-header__languages" aria-label={ui.nav.languages}>
          {otherLanguages.map((other) => (
            <li key={other.language}>
              <Link to={translatedPath(switchFrom, other.language)} lang={other.tag} hrefLang={other.tag}>
                {other.name}
              </Link>
            </li>
          ))}
        </ul>
        <a className="site-header__call" href={telHref(site.phone)}>
          <span className="visually-hidden">{ui.actions.call} </span>
          {formatPhone(site.phone)}
        </a>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={NAV_ID}
          aria-label={ui.nav.menuLabel}
          onClick={() => setOpen(!open)}
        >
          <span className="site-header__toggle-icon" aria-hidden="true" />
          <span className="site-header__toggle-text">{open ? ui.nav.menuClose : ui.nav.menuOpen}</span>
        </button>
        <nav id={NAV_ID} aria-label={ui.nav.label} className="site-nav" data-open={open}>
          <ul className="site-nav__list">
            <li>
              <NavLink to={localize(paths.home)} end>
                {ui.nav.home}
              </NavLink>
            </li>
            <li className="site-nav__courses">
              <Link to={localize(`${paths.home}#courses`)} className="site-nav__group">
                {ui.nav.courses}
              </Link>
              <ul>
                {courses.map((course) => (
                  <li key={course.slug}>
                    <NavLink to={course.href}>{course.shortName}</NavLink>
                  </li>
                ))}
              </ul>
            </li>
            {events.map((event) => (
              <li key={event.type}>
                <NavLink to={event.href}>{event.label}</NavLink>
              </li>
            ))}
            <li>
              <NavLink to={localize(paths.about)}>{ui.nav.about}</NavLink>
            </li>
            <li>
              <NavLink to={localize(paths.contact)}>{ui.nav.contact}</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
