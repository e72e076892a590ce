/**
 * The page a plain HTML form post (no JavaScript) gets back when the enquiry cannot
 * be accepted: what to fix, in the form's language and the same words the form shows
 * with JavaScript. Everything shown is escaped.
 */
import { type Language, languageInfo, localizedPath } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import { serverWords } from '../../../src/content/server-words';
import type { EnquiryFieldName } from '../../../shared/schema/enquiry';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../escape-html';

/** A plain HTML form post (no JavaScript): its answer is a page or a redirect, not JSON. */
export const isHtmlForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

export const FORM_ERROR_STYLE =
  'body{margin:0;font:16px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans Devanagari",sans-serif;color:rgba(0,0,0,.88)}main{max-width:640px;margin:0 auto;padding:32px 16px}h1{font-size:26px;line-height:1.4}li{margin-bottom:8px}a{color:#096dd9}';

/**
 * `messages`: each field's problem in words (enquiry-messages.ts); or one `message` for the
 * whole enquiry. `title`: the page's own (a booking's), instead of the enquiry's.
 */
export function formErrorPage(
  language: Language,
  messages: Partial<Record<EnquiryFieldName, string>>,
  message?: string,
  title?: string,
): string {
  const { form, siteName } = serverWords[language];
  const e = form.errors;
  const heading = title ?? e.pageTitle;
  const items = Object.entries(messages)
    .map(([field, text]) => {
      const label = form.fields[field as EnquiryFieldName]?.label ?? field;
      return `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(text ?? '')}</li>`;
    })
    .join('');
  return `<!DOCTYPE html><html lang="${languageInfo[language].tag}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)} | ${escapeHtml(siteName)}</title><style>${FORM_ERROR_STYLE}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${
    message ? `<p>${escapeHtml(message)}</p>` : `<p>${escapeHtml(e.pageLead)}</p><ul>${items}</ul>`
  }<p>${escapeHtml(e.pageBack)}</p><p><a href="${localizedPath(language, paths.home)}">${escapeHtml(e.pageHome)}</a></p></main></body></html>`;
}
