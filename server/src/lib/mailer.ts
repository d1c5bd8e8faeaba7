import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email; rejects with `MailerError` (keeping the transport's error as `cause`). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP settings as LibreChat deployments name them (`EMAIL_*`). */
export interface MailerSettings {
  /** A nodemailer well-known service name (`gmail`, `SendGrid` …); takes the place of host and port. */
  service?: string | undefined;
  host?: string | undefined;
  port: number;
  username: string;
  password: string;
  from: string;
  fromName?: string | undefined;
}

export class MailerError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MailerError';
  }
}

/**
 * The settings when email sending is configured (`EMAIL_SERVICE` or `EMAIL_HOST`, plus `EMAIL_USERNAME`,
 * `EMAIL_PASSWORD`, `EMAIL_FROM`; the same rule as the startup config's `emailEnabled`), else null.
 */
export function mailerSettingsFrom(env: {
  EMAIL_SERVICE?: string | undefined;
  EMAIL_HOST?: string | undefined;
  EMAIL_PORT: number;
  EMAIL_USERNAME?: string | undefined;
  EMAIL_PASSWORD?: string | undefined;
  EMAIL_FROM?: string | undefined;
  EMAIL_FROM_NAME?: string | undefined;
}): MailerSettings | null {
  const { EMAIL_SERVICE: service, EMAIL_HOST: host, EMAIL_USERNAME: username } = env;
  const { EMAIL_PASSWORD: password, EMAIL_FROM: from } = env;
  if (!(service ?? host) || !username || !password || !from) return null;
  return { service, host, port: env.EMAIL_PORT, username, password, from, fromName: env.EMAIL_FROM_NAME };
}

/**
 * A nodemailer SMTP transport: implicit TLS on port 465, STARTTLS whenever the server offers it. nodemailer is
 * loaded with the first email, not at start (docs/decisions.md "Idle memory").
 */
export function createMailer(settings: MailerSettings): Mailer {
  let transport: Transporter | undefined;
  let opening: Promise<Transporter> | undefined;
  const open = () =>
    (opening ??= import('nodemailer').then(({ default: nodemailer }) => {
      transport = nodemailer.createTransport({
        ...(settings.service
          ? { service: settings.service }
          : { host: settings.host, port: settings.port, secure: settings.port === 465 }),
        auth: { user: settings.username, pass: settings.password },
      });
      return transport;
    }));
  const from = settings.fromName ? { name: settings.fromName, address: settings.from } : settings.from;
  return {
    async send(message) {
      try {
        await (await open()).sendMail({ from, ...message });
      } catch (error) {
        throw new MailerError(`Could not send email "${message.subject}"`, { cause: error });
      }
    },
    close: () => transport?.close(),
  };
}
