/**
 * The page a plain HTML form post (no JavaScript) gets back when the enquiry cannot
 * be accepted: what to fix, in plain words. Everything shown is escaped.
 */
import { paths } from '../../src/config/paths';
import { site } from '../../src/content/site';
import { ui } from '../../src/content/ui';
import type { EnquiryInput, FieldErrors } from '../../src/schema/enquiry';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const labels: Partial<Record<keyof EnquiryInput, string>> = {
  studentName: ui.form.studentName,
  phone: ui.form.phone,
  email: ui.form.email,
  classLevel: ui.form.classLevel,
  course: ui.form.course,
  city: ui.form.city,
  message: ui.form.message,
  consent: ui.form.consentLabel,
};

export const FORM_ERROR_STYLE =
  'body{margin:0;font:16px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:rgba(0,0,0,.88)}main{max-width:640px;margin:0 auto;padding:32px 16px}h1{font-size:26px;line-height:1.25}li{margin-bottom:8px}a{color:#096dd9}';

export function formErrorPage(fields: FieldErrors, message?: string): string {
  const e = ui.form.errors;
  const items = Object.entries(fields)
    .map(([field, text]) => {
      const label = labels[field as keyof EnquiryInput] ?? field;
      return `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(text ?? '')}</li>`;
    })
    .join('');
  return `<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(e.pageTitle)} | ${escapeHtml(site.name)}</title><style>${FORM_ERROR_STYLE}</style></head><body><main><h1>${escapeHtml(e.pageTitle)}</h1>${
    message ? `<p>${escapeHtml(message)}</p>` : `<p>${escapeHtml(e.pageLead)}</p><ul>${items}</ul>`
  }<p>${escapeHtml(e.pageBack)}</p><p><a href="${paths.home}">${escapeHtml(e.pageHome)}</a></p></main></body></html>`;
}
