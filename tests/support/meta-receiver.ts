/**
 * Stands in for Meta's Graph API during the browser tests (the pixel server's
 * META_CAPI_URL points here): every POST is recorded and answered as Meta does,
 * and GET /received lists what came, for the tests to read.
 *
 *   node --import tsx tests/support/meta-receiver.ts   (PORT, default 4175)
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 4175);
const received: { path: string; body: unknown }[] = [];

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST') {
      const events = (JSON.parse(body) as { data?: unknown[] }).data ?? [];
      received.push({ path: new URL(req.url ?? '/', 'http://receiver').pathname, body: JSON.parse(body) });
      res.end(JSON.stringify({ events_received: events.length }));
    } else if (req.url === '/received') {
      res.end(JSON.stringify(received));
    } else {
      res.end('{}');
    }
  });
}).listen(port, '127.0.0.1');
