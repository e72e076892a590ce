/**
 * The API's replies (server/routes/*: each route's `response` schemas, serialized by
 * fastify-type-provider-zod): a reply holds these fields and no others, whatever the query
 * selected. Here, what every area's replies are made of: the server's own text, errors, bodiless
 * and CSV answers, and an answer that is JSON or, for a plain form post, a page.
 */
import { z } from 'zod';

/**
 * Text the server itself sends (stored values, already cleaned when they came in), or a path
 * parameter cleanPathAndQuery (bad-requests.ts) has cleaned: not cleaned or trimmed again.
 */
// eslint-disable-next-line no-restricted-syntax -- our own replies and already-cleaned parameters, not outside text
export const storedText = () => z.string();

export const maybeText = () => storedText().nullable();

/** A path parameter naming a row (an enquiry, an account, a delivery). */
export const idParams = z.object({ id: storedText() });

/** Every error answer of the API. */
export const errorReply = z.object({ error: storedText() });

/** A form's refusal: its words, and where in the body the problem is ('templates.0.text.hi'), when the check knows. */
export const fieldErrorReply = errorReply.extend({ field: storedText().optional() });

/** An answer with no body (204, a 303 redirect): its description, for the API's reference. */
export const noBody = (description: string) => z.undefined().describe(description);

/** A CSV download (the exports), streamed: documented, never serialized (a stream is sent as it is). */
export const csvReply = (description: string) => ({
  description,
  content: { 'text/csv': { schema: storedText().describe(description) } },
});

/**
 * A reply as JSON, or as the enquiry form's error page (text/html) to a plain HTML form post:
 * the page is a string, sent as it is (never serialized); the JSON is serialized by `schema`.
 */
export const jsonOrFormPage = <Schema extends z.ZodType>(description: string, schema: Schema) => ({
  description,
  content: {
    'application/json': { schema },
    'text/html': { schema: storedText().describe('The form’s error page.') },
  },
});
