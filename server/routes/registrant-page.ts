/**
 * The pages the server writes itself for a registration (issue 27), in the registrant's language,
 * with and without JavaScript alike (plain links and forms, no script):
 *
 * - the registrant's page, `/r/<token>`: the booking (roll number, event, day and time, when to
 *   arrive, where, what to bring), the admit card and the calendar file, change the date, cancel;
 * - the answer to a booking sent without JavaScript that did not book a seat (the student has
 *   one already, the session filled, or it cannot be booked), keeping what was typed.
 *
 * Everything shown is escaped. The page may use its own inline style and post its forms to this
 * site, nothing else (REGISTRANT_CSP).
 */
import { createHash } from 'node:crypto';
import { type Language, languageInfo, localizedPath } from '../../shared/languages';
import { paths } from '../../shared/paths';
import type { EventSession } from '../../shared/schema/events';
import { fill, formatDay, formatPhone, mapsUrl, telHref } from '../../shared/format';
import { institute } from '../../shared/institute';
import { brand, describeSession, serverWords } from '../../src/content/server-words';
import { escapeHtml } from '../escape-html';
import { FORM_ERROR_STYLE } from './form-error-page';

const STYLE = `${FORM_ERROR_STYLE}dl{margin:16px 0}dt{color:rgba(0,0,0,.65);font-size:14px}dd{margin:0 0 8px;font-weight:600}.roll{font-size:24px;letter-spacing:.05em}.notice{padding:8px 12px;border:1px solid #91caff;border-radius:4px;background:#e6f4ff}.button{display:inline-block;padding:6px 15px;border:1px solid ${brand.primaryText};border-radius:4px;color:#fff;background:${brand.primaryText};text-decoration:none;font:inherit;cursor:pointer}.secondary{color:${brand.primaryText};background:#fff}select{font:inherit;padding:4px;max-width:100%}section{margin-top:24px;padding-top:8px;border-top:1px solid #f0f0f0}`;

export const REGISTRANT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;

const page = (language: Language, title: string, body: string) =>
  `<!DOCTYPE html><html lang="${languageInfo[language].tag}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} | ${escapeHtml(serverWords[language].siteName)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const call = (language: Language) =>
  `<p>${escapeHtml(serverWords[language].form.sentUrgent)} <a href="${telHref(institute.phone)}">${escapeHtml(formatPhone(institute.phone))}</a></p>`;
const home = (language: Language) =>
  `<p><a href="${localizedPath(language, paths.home)}">${escapeHtml(serverWords[language].events.registrant.home)}</a></p>`;

export type RegistrantView = {
  token: string;
  language: Language;
  rollNumber: string;
  studentName: string;
  cancelled: boolean;
  session: EventSession;
  /** Sessions of the same event the booking may move to (seats, for this student). */
  others: readonly EventSession[];
  /** An answer to show at the top: what the registrant just did, in their language. */
  notice?: string;
};

/** The registrant's page. */
export function registrantPage(view: RegistrantView): string {
  const { language, session } = view;
  const words = serverWords[language].events;
  const r = words.registrant;
  const type = words.types[session.type];
  const described = describeSession(session, language, words.ui, serverWords[language].address);
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : '';
  if (view.cancelled) {
    return page(
      language,
      r.cancelledHeading,
      `${notice}<h1>${escapeHtml(r.cancelledHeading)}</h1><p>${escapeHtml(type.name)} · ${escapeHtml(view.rollNumber)}</p><p><a class="button" href="${localizedPath(language, paths.event(session.type))}">${escapeHtml(r.bookAgain)}</a></p>${call(language)}${home(language)}`,
    );
  }
  const fact = (term: string, value: string, { extra = '', className = '' } = {}) =>
    `<dt>${escapeHtml(term)}</dt><dd${className ? ` class="${className}"` : ''}>${escapeHtml(value)}${extra}</dd>`;
  const where = session.online
    ? ''
    : `<br><a href="${escapeHtml(mapsUrl(serverWords.en.address))}" rel="noopener noreferrer">${escapeHtml(r.mapLink)}</a>`;
  const token = encodeURIComponent(view.token);
  const reschedule =
    view.others.length > 0
      ? `<form method="post" action="${paths.api.registrations}/${token}/reschedule"><label for="session">${escapeHtml(r.rescheduleLabel)}</label><br><select id="session" name="sessionId" required>${view.others
          .map((other) => {
            const each = describeSession(other, language, words.ui, serverWords[language].address);
            return `<option value="${escapeHtml(other.id)}">${escapeHtml(`${each.day}, ${each.time}${other.online ? ` (${words.ui.onlineShort})` : ''}`)}</option>`;
          })
          .join(
            '',
          )}</select> <button class="button secondary" type="submit">${escapeHtml(r.rescheduleSubmit)}</button></form>`
      : paragraph(r.noOtherSession);
  return page(
    language,
    r.title,
    `${notice}<h1>${escapeHtml(r.title)}: ${escapeHtml(view.studentName)}</h1><dl>${fact(r.rollNumber, view.rollNumber, { className: 'roll' })}${fact(r.event, type.name)}${fact(r.session, `${described.day}, ${described.time}`)}${fact(r.reportBy, described.arriveAt)}${fact(r.venue, described.venue, { extra: where })}</dl><p><a class="button" href="${paths.admitCard(token)}">${escapeHtml(r.admitCard)}</a></p><p><a href="${paths.calendar(token)}">${escapeHtml(r.calendar)}</a></p><h2>${escapeHtml(words.ui.bringHeading)}</h2><ul>${type.bring.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${paragraph(r.keepLink)}<section><h2>${escapeHtml(r.rescheduleHeading)}</h2>${reschedule}</section><section><h2>${escapeHtml(r.cancelHeading)}</h2>${paragraph(r.cancelIntro)}<form method="post" action="${paths.api.registrations}/${token}/cancel"><button class="button secondary" type="submit">${escapeHtml(r.cancelSubmit)}</button></form></section>${call(language)}`,
  );
}

/** A link that is not one we sent (404) or whose event is over (410), in the registrant's language. */
export function linkRefusedPage(language: Language, message: string): string {
  return page(language, message, `<h1>${escapeHtml(message)}</h1>${call(language)}${home(language)}`);
}

/**
 * What a booking sent without JavaScript is told when it booked nothing new: `message` says
 * why; with `resend`, a button sends what was typed again for the next session with seats.
 */
export function bookingAnswerPage(
  language: Language,
  message: string,
  resend?: { fields: Record<string, string>; next: EventSession },
): string {
  const words = serverWords[language].events;
  const again = resend
    ? `<form method="post" action="${paths.api.registrations}">${Object.entries(resend.fields)
        .filter(([name]) => name !== 'sessionId')
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join(
          '',
        )}<input type="hidden" name="sessionId" value="${escapeHtml(resend.next.id)}"><button class="button" type="submit">${escapeHtml(fill(words.registrant.bookNext, { date: formatDay(resend.next.date, language) }))}</button></form>`
    : '';
  return page(
    language,
    words.registrant.title,
    `<h1>${escapeHtml(message)}</h1>${again}<p>${escapeHtml(serverWords[language].form.errors.pageBack)}</p>${call(language)}${home(language)}`,
  );
}
