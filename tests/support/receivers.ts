/** Real receivers on loopback for the delivery tests: an SMTP server and an HTTP webhook endpoint. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedHook = { url: string; headers: IncomingHttpHeaders; body: string; status: number };

/** What the endpoint answers: a status, or a status and a JSON body. */
type Answer = number | { status: number; json: unknown };

/** An HTTP endpoint that records every POST; `respond` decides the answer (default 200). */
export async function startWebhookReceiver(respond: (request: number) => Answer = () => 200) {
  const requests: ReceivedHook[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const answer = respond(requests.length + 1);
      const { status, json } = typeof answer === 'number' ? { status: answer, json: undefined } : answer;
      requests.push({ url: req.url ?? '', headers: req.headers, body, status });
      res.statusCode = status;
      if (json === undefined) res.end();
      else res.setHeader('content-type', 'application/json').end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/enquiries`,
    requests,
    /** Idempotency keys of the requests answered 2xx. */
    delivered: () => requests.filter((r) => r.status < 300).map((r) => String(r.headers['idempotency-key'])),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` passes or the time is up (then throws its last error). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 15_000, intervalMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
