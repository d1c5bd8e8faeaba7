import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The raw message (headers and body) as delivered. */
  raw: string;
  auth: { username: string; password: string } | undefined;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next message whose raw text matches `predicate` (already received or arriving). */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves once no client is connected (every mail whose connection was accepted has come in or failed). */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS, any login accepted) that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let connected = 0;
  let idleWaiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(session, callback) {
      connected += 1;
      callback();
    },
    onClose() {
      connected -= 1;
      if (connected > 0) return;
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
    onAuth(auth, session, callback) {
      callback(null, { user: { username: auth.username, password: auth.password } });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const user: unknown = session.user;
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          auth: isCredentials(user) ? user : undefined,
        };
        received.push(mail);
        for (const waiter of waiters.filter((w) => w.predicate(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    waitFor(predicate, timeoutMs = 30_000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    idle(timeoutMs = 30_000) {
      if (connected === 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('a mail client stayed connected')), timeoutMs);
        idleWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function isCredentials(value: unknown): value is { username: string; password: string } {
  return typeof value === 'object' && value !== null && 'username' in value && 'password' in value;
}
