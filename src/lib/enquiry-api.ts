/** The enquiry API as the browser sees it: one POST, every outcome named. */
import { paths } from '../config/paths';
import { site } from '../content/site';
import { ui } from '../content/ui';
import type { Enquiry, FieldErrors } from '../schema/enquiry';
import { formatPhone } from './format';

export type SubmitResult =
  | { kind: 'accepted'; id: string }
  | { kind: 'invalid'; message: string; fields: FieldErrors }
  | { kind: 'failed'; message: string };

const TIMEOUT_MS = 20_000;

/** Sends an enquiry the shared schema has already accepted (src/schema/enquiry.ts). */
export async function submitEnquiry(enquiry: Enquiry): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(paths.api.enquiries, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(enquiry),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed', message: ui.form.errors.network };
  }
  const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string; fields?: FieldErrors };
  if (response.status === 201 && body.id) return { kind: 'accepted', id: body.id };
  if (response.status === 400 && body.fields) {
    return { kind: 'invalid', message: body.error ?? ui.form.errors.invalid, fields: body.fields };
  }
  return { kind: 'failed', message: body.error ?? ui.form.errors.unavailable(formatPhone(site.phone)) };
}
