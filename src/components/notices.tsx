import { Link } from 'react-router';
import type { NoticesData } from '../content/page-data';

type NoticesProps = { notices: NoticesData | undefined };

/**
 * The dated notices a page shows on the day it is rendered for (institute.notices), in its hero
 * after the call-to-action buttons (which stay on a phone's first screen): in the prerendered
 * HTML, so nothing moves when the page hydrates.
 */
export function Notices({ notices }: NoticesProps) {
  if (!notices) return null;
  return (
    <section className="notices" aria-label={notices.label}>
      <ul>
        {notices.items.map((notice) => (
          <li key={notice.id} className="notice">
            <p className="notice__title">{notice.href ? <Link to={notice.href}>{notice.title}</Link> : notice.title}</p>
            {notice.body && <p>{notice.body}</p>}
            <p className="notice__dates">{notice.dates}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
