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
import { type Language, languageInfo, languages, localizedPath } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import type { EventSession } from '../../../shared/schema/events';
import { addDays } from '../../../shared/institute-calendar';
import { fill, formatPhone, mapsUrl, telHref } from '../../../shared/format';
import { institute } from '../../../shared/institute';
import { brand, describeSession, logoMarkSvg, serverWords } from '../../../src/content/server-words';
import { escapeHtml } from '../../escape-html';
import { sessionInFull } from '../../registrations/event-sessions';
import { googleCalendarLink } from '../../registrations/seat-calendar';
import { FORM_ERROR_STYLE } from './form-error-page';
import { CODE_LIMITS, type Requested } from '../../phone-codes/phone-codes';

const STYLE = `${FORM_ERROR_STYLE}dl{margin:16px 0}dt{color:rgba(0,0,0,.65);font-size:14px}dd{margin:0 0 8px;font-weight:600}.roll{font-size:24px;letter-spacing:.05em;white-space:nowrap}.notice{padding:8px 12px;border:1px solid #91caff;border-radius:4px;background:#e6f4ff}.button{display:inline-flex;align-items:center;box-sizing:border-box;min-height:44px;padding:6px 15px;border:1px solid ${brand.primaryText};border-radius:4px;color:#fff;background:${brand.primaryText};text-decoration:none;font:inherit;cursor:pointer}.secondary{color:${brand.primaryText};background:#fff}select{font:inherit;padding:4px;max-width:100%}section{margin-top:24px;padding-top:8px;border-top:1px solid #f0f0f0}.top{max-width:640px;margin:0 auto;padding:16px 16px 0}.top+main{padding-top:8px}.brand{display:flex;align-items:center;gap:8px;color:${brand.primaryText};font-weight:700;font-size:18px;text-decoration:none}.brand svg{flex:none}.actions a,.place{display:inline-flex;align-items:center;min-height:44px}.actions a{margin-right:16px}`;

export const REGISTRANT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;

/** The institute's mark and name at the top of every page the server writes for a booking, linking home. */
const brandHeader = (language: Language) =>
  `<header class="top"><a class="brand" href="${localizedPath(language, paths.home)}"><span aria-hidden="true">${logoMarkSvg(36)}</span>${escapeHtml(serverWords[language].siteName)}</a></header>`;

const page = (language: Language, title: string, body: string) =>
  `<!DOCTYPE html><html lang="${languageInfo[language].tag}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} | ${escapeHtml(serverWords[language].siteName)}</title><style>${STYLE}</style></head><body>${brandHeader(language)}<main>${body}</main></body></html>`;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const call = (language: Language) =>
  `<p>${escapeHtml(serverWords[language].events.booking.callUs)} <a href="${telHref(institute.phone)}">${escapeHtml(formatPhone(institute.phone))}</a></p>`;
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
  /** India's date today: an online session's joining link shows from the day before. */
  today: string;
  /** An answer to show at the top: what the registrant just did, in their language. */
  notice?: string;
  /** "Cancel my seat" was tapped: the page asks once, naming the student and the day. */
  confirmCancel?: boolean;
};

/** The registrant's page. */
export function registrantPage(view: RegistrantView): string {
  const { language, session } = view;
  const words = serverWords[language].events;
  const r = words.registrant;
  const b = words.booking;
  const type = words.types[session.type];
  const described = describeSession(session, language, words, serverWords[language].address);
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : '';
  const token = encodeURIComponent(view.token);
  const own = paths.registrant(token);
  if (view.cancelled) {
    return page(
      language,
      r.cancelledHeading,
      `${notice}<h1>${escapeHtml(r.cancelledHeading)}</h1><p>${escapeHtml(type.name)} · <span class="roll">${escapeHtml(view.rollNumber)}</span></p><p><a class="button" href="${localizedPath(language, paths.event(session.type))}">${escapeHtml(r.bookAgain)}</a></p>${call(language)}${home(language)}`,
    );
  }
  if (view.confirmCancel) {
    // Asked once: yes cancels (a form, so no script is needed), no goes back to the page.
    const question = fill(b.cancelQuestion, { student: view.studentName, day: described.day });
    return page(
      language,
      question,
      `<h1>${escapeHtml(question)}</h1><p>${escapeHtml(type.name)} · <span class="roll">${escapeHtml(view.rollNumber)}</span></p>${paragraph(r.cancelIntro)}<form method="post" action="${paths.api.registrations}/${token}/cancel"><button class="button" type="submit">${escapeHtml(b.cancelYes)}</button></form><p><a class="button secondary" href="${own}">${escapeHtml(b.cancelKeep)}</a></p>`,
    );
  }
  const fact = (term: string, value: string, { extra = '', className = '', html = false } = {}) =>
    `<dt>${escapeHtml(term)}</dt><dd${className ? ` class="${className}"` : ''}>${html ? value : escapeHtml(value)}${extra}</dd>`;
  const where = session.online
    ? ''
    : `<br><a class="place" href="${escapeHtml(mapsUrl(serverWords.en.address))}" rel="noopener noreferrer">${escapeHtml(r.mapLink)}</a>`;
  // An online session's link, from the day before (when the editors have given it); until then, how it comes.
  const joinLink =
    session.online && session.joinLink && view.today >= addDays(session.date, -1)
      ? fact(
          b.joinLinkLabel,
          `<a href="${escapeHtml(session.joinLink)}" rel="noopener noreferrer">${escapeHtml(session.joinLink)}</a>`,
          { html: true },
        )
      : session.online
        ? fact(b.joinLinkLabel, b.joinLinkLater)
        : '';
  const reschedule =
    view.others.length > 0
      ? `<form method="post" action="${paths.api.registrations}/${token}/reschedule"><label for="session">${escapeHtml(r.rescheduleLabel)}</label><br><select id="session" name="sessionId" required>${view.others
          .map(
            (other) => `<option value="${escapeHtml(other.id)}">${escapeHtml(sessionInFull(other, language))}</option>`,
          )
          .join(
            '',
          )}</select> <button class="button secondary" type="submit">${escapeHtml(r.rescheduleSubmit)}</button></form>`
      : paragraph(r.noOtherSession);
  const link = `${institute.origin}${own}`;
  const toWhatsApp = `https://wa.me/?text=${encodeURIComponent(fill(b.whatsAppText, { event: type.name, day: described.day, link }))}`;
  const google = googleCalendarLink({ token: view.token, language, rollNumber: view.rollNumber, session });
  return page(
    language,
    `${r.title}: ${view.studentName}`,
    `${notice}<h1>${escapeHtml(r.title)}: ${escapeHtml(view.studentName)}</h1><dl>${fact(r.rollNumber, view.rollNumber, { className: 'roll' })}${fact(r.event, type.name)}${fact(r.session, `${described.day}, ${described.time}`)}${fact(described.reportByLabel, described.arriveAt)}${fact(r.venue, session.online ? words.ui.onlineShort : described.venue, { extra: where })}${joinLink}</dl><p><a class="button" href="${paths.admitCard(token)}">${escapeHtml(r.admitCard)}</a></p><p class="actions"><a href="${paths.calendar(token)}">${escapeHtml(r.calendar)}</a> <a href="${escapeHtml(google)}" rel="noopener noreferrer">${escapeHtml(b.googleCalendar)}</a></p><p><a class="button secondary" href="${escapeHtml(toWhatsApp)}" rel="noopener noreferrer">${escapeHtml(b.whatsApp)}</a></p><h2>${escapeHtml(words.ui.bringHeading)}</h2><ul>${described.bring.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${paragraph(r.keepLink)}<section><h2>${escapeHtml(r.rescheduleHeading)}</h2>${reschedule}</section><section id="cancel"><h2>${escapeHtml(r.cancelHeading)}</h2>${paragraph(r.cancelIntro)}<p><a class="button secondary" href="${own}?confirm=cancel">${escapeHtml(r.cancelSubmit)}</a></p></section>${call(language)}`,
  );
}

/**
 * A link that is not one we sent (404) or whose event is over (410), in the registrant's
 * language; a link that names nobody says so in every language (whose it was is unknown).
 */
export function linkRefusedPage(language: Language, message: string, everyLanguage = false): string {
  const said = everyLanguage
    ? languages
        .map(
          (each) =>
            `<section lang="${languageInfo[each].tag}"><h1>${escapeHtml(serverWords[each].events.answers.linkInvalid)}</h1>${call(each)}${home(each)}</section>`,
        )
        .join('')
    : `<h1>${escapeHtml(message)}</h1>${call(language)}${home(language)}`;
  return page(language, message, said);
}

/** The fields of a plain form post, as posted (a name may come more than once). */
export type PostedFields = ReadonlyArray<readonly [string, string]>;

/**
 * What a booking sent without JavaScript is told when it booked nothing new: `message` says
 * why; with `resend`, a button, naming the session in full, sends exactly what was posted
 * again for the next session with seats. `title` names the page (the browser's tab).
 */
export function bookingAnswerPage(
  language: Language,
  {
    title,
    message,
    resend,
  }: { title?: string; message: string; resend?: { fields: PostedFields; next: EventSession } },
): string {
  const words = serverWords[language].events;
  const again = resend
    ? `<form method="post" action="${paths.api.registrations}">${resend.fields
        .filter(([name]) => name !== 'sessionId')
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join(
          '',
        )}<input type="hidden" name="sessionId" value="${escapeHtml(resend.next.id)}"><button class="button" type="submit">${escapeHtml(fill(words.booking.bookOffered, { session: sessionInFull(resend.next, language) }))}</button></form>`
    : '';
  // A booking already standing needs nothing typed again: no "go back to the form".
  const back = title === words.booking.alreadyTitle ? '' : paragraph(serverWords[language].form.errors.pageBack);
  return page(
    language,
    title ?? words.ui.registerHeading,
    `<h1>${escapeHtml(title ?? words.ui.registerHeading)}</h1><p role="alert">${escapeHtml(message)}</p>${again}${back}${call(language)}${home(language)}`,
  );
}

/** The fields of a booking that prove its number: a page posting the booking again sets them afresh. */
export const PROOF_FIELDS: readonly string[] = ['codeId', 'code', 'numberProof'];

/**
 * A form sent without JavaScript, waiting for the code sent to its number (issue 38): a booking
 * (the default) or "find my booking" (`to`). The code is typed here and posted with everything
 * that was posted before, once more; or a new code is asked for with the same fields. `error` (a
 * wrong or expired code, too many asked) is said instead of `message`; without `codeId` there is
 * no code to type (only a new one to ask for).
 */
export function codePage(
  language: Language,
  {
    message,
    error,
    fields,
    codeId,
    to = 'booking',
  }: { message?: string; error?: string; fields: PostedFields; codeId?: string; to?: 'booking' | 'find' },
): string {
  const words = serverWords[language].events.verification;
  const find = serverWords[language].events.findBooking;
  const action = to === 'find' ? paths.api.findBooking : paths.api.registrations;
  const hidden = fields
    .filter(([name]) => !PROOF_FIELDS.includes(name))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const said = `${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}`;
  const typeIt = codeId
    ? `<form method="post" action="${action}">${hidden}<input type="hidden" name="codeId" value="${escapeHtml(codeId)}"><p><label for="code">${escapeHtml(words.codeLabel)}</label><br><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required></p><button class="button" type="submit">${escapeHtml(to === 'find' ? find.confirm : words.confirm)}</button></form>`
    : '';
  const askAgain = `<form method="post" action="${action}">${hidden}<button class="button secondary" type="submit">${escapeHtml(words.resend)}</button></form>`;
  const title = to === 'find' ? find.title : words.title;
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>${paragraph(to === 'find' ? find.why : words.why)}${said}${typeIt}${askAgain}${to === 'find' ? '' : paragraph(serverWords[language].form.errors.pageBack)}${call(language)}${home(language)}`,
  );
}

/**
 * What a page without JavaScript says after a code was asked for `phone`: the code page's status
 * and words, and the code's id when one went (the same whoever's number it is).
 */
export function codeRequested(
  language: Language,
  requested: Requested,
  phone: string,
): { status: number; message?: string; error?: string; codeId?: string } {
  const words = serverWords[language].events.verification;
  const institutePhone = formatPhone(institute.phone);
  if (requested.outcome === 'wait')
    return { status: 429, error: fill(words.wait, { seconds: String(requested.retryAfter) }) };
  if (requested.outcome === 'limited')
    return {
      status: 429,
      error: fill(words.limited, { minutes: String(Math.ceil(requested.retryAfter / 60)), phone: institutePhone }),
    };
  const channel = requested.channel === 'whatsapp' ? words.channelWhatsApp : words.channelSms;
  if (requested.retrying)
    return { status: 200, message: fill(words.delayed, { phone: formatPhone(phone), channel }), codeId: requested.id };
  if (!requested.sent) return { status: 503, error: fill(words.notSent, { phone: institutePhone }) };
  return {
    status: 200,
    message: fill(words.sent, { phone: formatPhone(phone), channel, minutes: String(CODE_LIMITS.minutes) }),
    codeId: requested.id,
  };
}

/** "Find my booking" (issue 38): the number to prove, or (`error`) why the one typed was not taken. */
export function findBookingPage(language: Language, { error, phone = '' }: { error?: string; phone?: string } = {}) {
  const words = serverWords[language].events.findBooking;
  return page(
    language,
    words.title,
    `<h1>${escapeHtml(words.title)}</h1>${paragraph(words.intro)}${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}<form method="post" action="${paths.api.findBooking}"><input type="hidden" name="language" value="${language}"><p><label for="phone">${escapeHtml(words.phoneLabel)}</label><br><input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="20" required value="${escapeHtml(phone)}"></p><button class="button" type="submit">${escapeHtml(words.send)}</button></form>${call(language)}${home(language)}`,
  );
}

/** The seats a proved number booked, each with its link (or none, and what to do). */
export function foundBookingsPage(
  language: Language,
  {
    phone,
    bookings,
    emailed,
  }: {
    phone: string;
    bookings: readonly { token: string; studentName: string; rollNumber: string; session: EventSession }[];
    emailed: boolean;
  },
) {
  const words = serverWords[language].events;
  const find = words.findBooking;
  const shownPhone = formatPhone(phone);
  const list = bookings.length
    ? `<p role="status">${escapeHtml(fill(find.found, { phone: shownPhone }))}</p><ul>${bookings
        .map(
          (booking) =>
            `<li><p>${escapeHtml(words.types[booking.session.type].name)} · ${escapeHtml(sessionInFull(booking.session, language))} · <span class="roll">${escapeHtml(booking.rollNumber)}</span></p><p><a class="button" href="${paths.registrant(encodeURIComponent(booking.token))}">${escapeHtml(fill(find.open, { student: booking.studentName }))}</a></p></li>`,
        )
        .join('')}</ul>${emailed ? paragraph(find.emailed) : ''}`
    : `<p role="status">${escapeHtml(fill(find.none, { phone: shownPhone, call: formatPhone(institute.phone) }))}</p>`;
  return page(language, find.title, `<h1>${escapeHtml(find.title)}</h1>${list}${call(language)}${home(language)}`);
}
