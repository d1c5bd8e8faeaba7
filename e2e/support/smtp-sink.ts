import { SMTPServer } from 'smtp-server';
import { freePort } from './parley-server';

export interface ReceivedMail {
  to: string[];
  /** The whole message as sent (headers and MIME parts). */
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** Resolves with the first mail to `address` (already received or still to come). */
  waitForMail(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that accepts every login and keeps what it receives. Plain SMTP
 * (no STARTTLS offered) with AUTH allowed without TLS, as a local relay would be configured.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiting: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];

  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    for (const waiter of waiting.filter((w) => mail.to.includes(w.address))) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        deliver({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    port,
    waitForMail: (address, timeoutMs = 30_000) => {
      const wanted = address.toLowerCase();
      const already = received.find((mail) => mail.to.includes(wanted));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No mail to ${address} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          address: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` in a mail, with quoted-printable soft breaks and escapes undone. */
export function linkInMail(mail: ReceivedMail, path: string): string {
  const decoded = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const escapedPath = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]+${escapedPath}\\?[^\\s"'<>]+`).exec(decoded);
  if (!match) throw new Error(`No ${path} link in the mail:\n${decoded}`);
  return match[0];
}
