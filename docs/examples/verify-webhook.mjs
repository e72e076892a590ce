// A receiver for the site's enquiry webhook that checks X-Enquiry-Signature before
// trusting a request. Node 18+, no packages. Run: ENQUIRY_WEBHOOK_SECRET=… node verify-webhook.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** True when `signature` is "sha256=" + the HMAC-SHA256 of the raw body, as the site signs it. */
export function isSignedBy(secret, rawBody, signature) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(String(signature ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A server that answers 401 to an unsigned or altered request, and 200 once it has the enquiry. */
export function webhookReceiver(secret, onEnquiry) {
  return createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      const rawBody = Buffer.concat(chunks); // the bytes as sent: verify before parsing
      if (!isSignedBy(secret, rawBody, request.headers['x-enquiry-signature'])) {
        response.writeHead(401).end('bad signature');
        return;
      }
      const { id, enquiry } = JSON.parse(rawBody.toString('utf8'));
      // The same enquiry can arrive twice (a retry after a lost answer): keep one per id.
      await onEnquiry(id, enquiry, request.headers['idempotency-key']);
      response.writeHead(200).end('ok');
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seen = new Set();
  webhookReceiver(process.env.ENQUIRY_WEBHOOK_SECRET, (id, enquiry) => {
    if (seen.has(id)) return;
    seen.add(id);
    console.log(`enquiry ${id}: ${enquiry.studentName}, ${enquiry.phone}, ${enquiry.course}`);
  }).listen(Number(process.env.PORT ?? 8080));
}
