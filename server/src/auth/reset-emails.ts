import type { MailMessage } from '../lib/mailer';
import type { AuthContext } from './auth-context';

type EmailContext = Pick<AuthContext, 'settings'>;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message carrying the reset link (plain text first; the HTML part says the same). */
export function resetPasswordEmail(input: {
  to: string;
  name: string;
  link: string;
  ctx: EmailContext;
}): MailMessage {
  const { appTitle } = input.ctx.settings;
  const minutes = Math.round(input.ctx.settings.resetTokenTtlMs / 60_000);
  const greeting = `Hi ${input.name || 'there'},`;
  const lines = [
    greeting,
    '',
    `Someone asked to reset the password of your ${appTitle} account. To choose a new password, open:`,
    '',
    input.link,
    '',
    `The link works once and for ${minutes} minutes. If you did not ask for this, ignore this email.`,
  ];
  return {
    to: input.to,
    subject: `Reset your ${appTitle} password`,
    text: lines.join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>Someone asked to reset the password of your ${escapeHtml(appTitle)} account.</p>`,
      `<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>`,
      `<p>The link works once and for ${minutes} minutes. If you did not ask for this, ignore this email.</p>`,
    ].join('\n'),
  };
}

/** Tells the owner that the password changed (and every session was signed out). */
export function passwordChangedEmail(input: { to: string; name: string; ctx: EmailContext }): MailMessage {
  const { appTitle } = input.ctx.settings;
  const text = [
    `Hi ${input.name || 'there'},`,
    '',
    `The password of your ${appTitle} account was just changed, and every device was signed out.`,
    'If this was not you, reset your password right away.',
  ].join('\n');
  return { to: input.to, subject: `Your ${appTitle} password was changed`, text };
}
