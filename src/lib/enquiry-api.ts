/** The enquiry API as the browser sees it: one POST, every outcome named. */
import { paths } from '../../shared/paths';
import type { FormCopy } from '../content/schema';
import type { Enquiry, EnquiryDetails, EnquiryFieldName } from '../../shared/schema/enquiry';
import { visitAttribution } from './attribution';
import { storedTrackingConsent } from './consent';
import { fill, formatPhone } from '../../shared/format';

export type SubmitResult =
  /** `created` false: the server already had this enquiry (a repeat), and stored nothing new. */
  | { kind: 'accepted'; id: string; created: boolean }
  /** The number must be proved first (the admins' setting), or the code typed is wrong, expired or used. */
  | { kind: 'code'; verification: 'needed' | 'wrong' | 'gone'; message: string }
  | { kind: 'invalid'; message: string; fields: FieldMessages }
  | { kind: 'failed'; message: string };

/** The server's words for each field's problem, in the enquiry's language. */
export type FieldMessages = Partial<Record<EnquiryFieldName, string>>;

const TIMEOUT_MS = 20_000;

/**
 * Sends an enquiry the shared schema has already accepted (shared/schema/enquiry.ts).
 * The server answers in the enquiry's language; `errors` covers what it cannot say.
 */
export async function submitEnquiry(
  enquiry: Enquiry,
  errors: FormCopy['errors'],
  sitePhone: string,
  /** Its number proved (a proof kept from before, or the code just typed), when the form has one. */
  proof?: NumberProof,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(paths.api.enquiries, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      // Where the visit came from goes with it (src/lib/attribution.ts), and the visitor's
      // answer to the advertising pixel: only a 'granted' lets the server tell Meta (server/delivery/meta-conversions.ts).
      body: JSON.stringify({
        ...enquiry,
        ...proof,
        attribution: visitAttribution(),
        trackingConsent: storedTrackingConsent() ?? undefined,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed', message: errors.network };
  }
  const body = (await response.json().catch(() => ({}))) as {
    id?: string;
    created?: boolean;
    error?: string;
    fields?: FieldMessages;
    verification?: 'needed' | 'wrong' | 'gone';
  };
  if (response.status === 201 && body.id) return { kind: 'accepted', id: body.id, created: body.created !== false };
  if (body.verification && body.error) return { kind: 'code', verification: body.verification, message: body.error };
  if (response.status === 400 && body.fields) {
    return { kind: 'invalid', message: body.error ?? errors.invalid, fields: body.fields };
  }
  return { kind: 'failed', message: body.error ?? fill(errors.unavailable, { phone: formatPhone(sitePhone) }) };
}

export type DetailsResult =
  { kind: 'saved' } | { kind: 'invalid'; message: string; fields: FieldMessages } | { kind: 'failed'; message: string };

/**
 * Adds the optional details to the enquiry just sent (PATCH /api/enquiries/:id), proved by
 * the idempotency key it was sent with. The server answers in the enquiry's language.
 */
export async function submitDetails(
  id: string,
  details: EnquiryDetails,
  errors: FormCopy['errors'],
): Promise<DetailsResult> {
  let response: Response;
  try {
    response = await fetch(`${paths.api.enquiries}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(details),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed', message: errors.network };
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: FieldMessages };
  if (response.ok) return { kind: 'saved' };
  if (response.status === 400 && body.fields) {
    return { kind: 'invalid', message: body.error ?? errors.invalid, fields: body.fields };
  }
  return { kind: 'failed', message: body.error ?? errors.detailsGone };
}

/** A code asked for (POST /api/phone-codes): sent (or not: `sent` false, ask again), or wait. */
export type CodeRequestResult =
  { kind: 'sent'; id: string; message: string; sent: boolean; resendIn: number } | { kind: 'failed'; message: string };

/** Sends a one-time code to the number the booking proves; the server answers in `language`. */
export async function requestCode(
  phone: string,
  language: string,
  errors: FormCopy['errors'],
  sitePhone: string,
): Promise<CodeRequestResult> {
  let response: Response;
  try {
    response = await fetch(paths.api.phoneCodes, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ phone, language }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed', message: errors.network };
  }
  const body = (await response.json().catch(() => ({}))) as {
    id?: string;
    message?: string;
    sent?: boolean;
    retrying?: boolean;
    resendIn?: number;
    error?: string;
  };
  if (response.status === 201 && body.id && body.message) {
    return {
      kind: 'sent',
      id: body.id,
      message: body.message,
      // Being sent again (the provider did not take it at once): on its way all the same.
      sent: body.sent !== false || body.retrying === true,
      resendIn: body.resendIn ?? 0,
    };
  }
  return { kind: 'failed', message: body.error ?? fill(errors.unavailable, { phone: formatPhone(sitePhone) }) };
}

/** How a booking shows its number is proved: a proof from before, or the code just typed. */
export type NumberProof = { numberProof: string } | { codeId: string; code: string };

export type RegistrationResult =
  /** Booked now, or the seat this student already had (`already`); the token only to the form that booked it. */
  | {
      kind: 'registered';
      outcome: 'booked' | 'already';
      enquiryId: string;
      rollNumber: string;
      sessionId: string;
      message: string;
      token?: string;
      /** The admit card is on its way by email too. */
      emailed?: boolean;
      numberProof?: string;
    }
  /** The session filled while the form was open: `next` is the next one with seats for this student. */
  | {
      kind: 'full';
      message: string;
      next: { id: string; date: string; online: boolean } | null;
      numberProof?: string;
    }
  /** The number is not proved: the code typed is wrong, expired or used, or none was sent. */
  | { kind: 'code'; verification: 'needed' | 'wrong' | 'gone'; message: string }
  | { kind: 'invalid'; message: string; fields: FieldMessages }
  | { kind: 'failed'; message: string };

/** Books a seat (POST /api/registrations): the enquiry, and the session chosen. */
export async function submitRegistration(
  enquiry: Enquiry,
  sessionId: string,
  proof: NumberProof,
  errors: FormCopy['errors'],
  sitePhone: string,
): Promise<RegistrationResult> {
  let response: Response;
  try {
    response = await fetch(paths.api.registrations, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        ...enquiry,
        sessionId,
        ...proof,
        attribution: visitAttribution(),
        trackingConsent: storedTrackingConsent() ?? undefined,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'failed', message: errors.network };
  }
  const body = (await response.json().catch(() => ({}))) as {
    outcome?: 'booked' | 'already';
    enquiryId?: string;
    rollNumber?: string;
    sessionId?: string;
    message?: string;
    token?: string;
    emailed?: boolean;
    error?: string;
    fields?: FieldMessages;
    next?: { id: string; date: string; online: boolean } | null;
    numberProof?: string;
    verification?: 'needed' | 'wrong' | 'gone';
  };
  if ((response.status === 201 || response.status === 200) && body.outcome && body.rollNumber) {
    return {
      kind: 'registered',
      outcome: body.outcome,
      enquiryId: body.enquiryId ?? '',
      rollNumber: body.rollNumber,
      sessionId: body.sessionId ?? '',
      message: body.message ?? '',
      ...(body.token ? { token: body.token } : {}),
      ...(body.emailed ? { emailed: true } : {}),
      ...(body.numberProof ? { numberProof: body.numberProof } : {}),
    };
  }
  if (response.status === 409 && body.error) {
    return {
      kind: 'full',
      message: body.error,
      next: body.next ?? null,
      ...(body.numberProof ? { numberProof: body.numberProof } : {}),
    };
  }
  if (body.verification && body.error) return { kind: 'code', verification: body.verification, message: body.error };
  if (response.status === 400 && body.fields) {
    return { kind: 'invalid', message: body.error ?? errors.invalid, fields: body.fields };
  }
  return { kind: 'failed', message: body.error ?? fill(errors.unavailable, { phone: formatPhone(sitePhone) }) };
}
