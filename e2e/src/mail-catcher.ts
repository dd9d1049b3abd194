import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the journeys: the product sends through SMTP_URL, the test reads here.

export interface TCaughtMail {
  to: string[];
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const decodeWord = (s: string) =>
  s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

/** Just enough MIME for the product's mails: headers, and the text/plain part decoded. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  const subject = decodeWord(
    (/^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '').replace(/\?=\s+=\?/g, '?==?'),
  );
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\n\n${body}`];
  for (const part of parts) {
    const [ph = '', ...pb] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(ph)) continue;
    const content = pb.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(ph))
      return { subject, text: Buffer.from(content, 'base64').toString('utf8') };
    if (/content-transfer-encoding:\s*quoted-printable/i.test(ph))
      return { subject, text: decodeQuotedPrintable(content) };
    return { subject, text: content };
  }
  return { subject, text: body };
}

export async function startMailCatcher() {
  const mails: TCaughtMail[] = [];
  /** Says 'mail' as each one is caught, for the waits. */
  const arrivals = new EventEmitter().setMaxListeners(0);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parsed });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `to` that arrives after `since` mails were caught. */
    async waitFor(to: string, since = 0, timeoutMs = 15_000): Promise<TCaughtMail> {
      const deadline = AbortSignal.timeout(timeoutMs);
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to));
        if (found) return found;
        try {
          await once(arrivals, 'mail', { signal: deadline });
        } catch {
          throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
