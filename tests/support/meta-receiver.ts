/**
 * Stands in for Meta's Graph API during the browser tests (the pixel server's
 * META_CAPI_URL points here), and for MSG91's SendOTP API (the events server's
 * MSG91_URL: /msg91/otp, the code in its query, as a family's phone receives it):
 * every POST is recorded and answered as they do, and GET /received lists what
 * came, for the tests to read.
 *
 *   node --import tsx tests/support/meta-receiver.ts   (PORT, default 4175)
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 4175);
const received: { path: string; query: Record<string, string>; body: unknown }[] = [];

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST') {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const parsed = JSON.parse(body || '{}') as { data?: unknown[] };
      received.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body: parsed });
      if (url.pathname === '/msg91/otp')
        res.end(JSON.stringify({ type: 'success', request_id: String(received.length) }));
      else res.end(JSON.stringify({ events_received: (parsed.data ?? []).length }));
    } else if (req.url === '/received') {
      res.end(JSON.stringify(received));
    } else {
      res.end('{}');
    }
  });
}).listen(port, '127.0.0.1');
