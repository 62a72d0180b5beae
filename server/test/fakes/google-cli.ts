/**
 * The Google fake (OAuth + Calendar + Gmail: test/fakes/google-calendar.ts and gmail.ts) as its own process, for the
 * e2e run (e2e/google-fake.ts starts it) — a test helper, never shipped.
 *
 *   tsx test/fakes/google-cli.ts --port 3095 --client-id atrium-e2e --client-secret atrium-e2e-secret
 *
 * The Google endpoints listen on --port; a control server on --port + 1 lets the tests act as Google's side:
 *   POST /consent { email }                                  who signs in at the next consent
 *   POST /receive { email, from, subject, text?, html?, threadId?, inReplyTo? } → { id }   a client's email arrives
 *   GET  /sent?email=…                                       what that mailbox sent (decoded)
 */
import { createServer } from 'node:http';
import { FakeGmail } from './gmail';
import { FakeGoogle } from './google-calendar';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const port = Number(arg('port', '3095'));
  const google = new FakeGoogle({ clientId: arg('client-id', 'atrium-e2e'), clientSecret: arg('client-secret', 'x') });
  const gmail = new FakeGmail(google);
  await google.start(port);
  const control = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      try {
        const url = new URL(req.url ?? '/', 'http://control');
        const body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>)
          : {};
        if (req.method === 'POST' && url.pathname === '/consent') {
          google.consent = { email: body.email! };
          return json(200, { ok: true });
        }
        if (req.method === 'POST' && url.pathname === '/receive') {
          const id = gmail.receive(body.email!, {
            from: body.from!,
            subject: body.subject!,
            ...(body.text ? { text: body.text } : {}),
            ...(body.html ? { html: body.html } : {}),
            ...(body.threadId ? { threadId: body.threadId } : {}),
            ...(body.inReplyTo ? { inReplyTo: body.inReplyTo } : {}),
          });
          return json(200, { id });
        }
        if (req.method === 'GET' && url.pathname === '/sent') {
          return json(200, gmail.sent(url.searchParams.get('email') ?? ''));
        }
        return json(404, { error: 'not found' });
      } catch (error) {
        return json(400, { error: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => control.listen(port + 1, '127.0.0.1', resolve));
  console.log(`google fake listening on ${google.url} (control on ${port + 1})`);
  const stop = () => {
    control.close();
    void google.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
