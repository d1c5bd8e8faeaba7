import type { Page } from '@playwright/test';
import {
  createAccount,
  logInThroughForm,
  newAccount,
  registerThroughForm,
  userMenuButton,
} from '../support/accounts';
import { expect, snapshot, test, VIEWPORTS } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';
import { startParley } from '../support/parley-server';
import { linkInMail, startSmtpSink } from '../support/smtp-sink';

/** A journey that starts its own server also waits for it to boot (migrations on a fresh data dir). */
const OWN_SERVER_TIMEOUT_MS = 150_000;

const WRONG_CREDENTIALS =
  'Unable to login with the information provided. Please check your credentials and try again.';

test.describe('a visitor', () => {
  test('registers and lands on /c/new signed in', async ({ page }) => {
    const account = newAccount('register');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await registerThroughForm(page, account);
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(userMenuButton(page, account)).toBeVisible();
  });

  test('sees the rules of SPEC §5 while typing, with submit disabled until they hold', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create account' });
    await page.getByLabel('Full name').fill('Al');
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Full name').fill('Alan');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByLabel('Confirm password').fill('long enougj');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirm password').fill('long enough');
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('Confirm password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('with a wrong password sees the SPEC message and stays on /login', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount('wrong');
    await createAccount(request, baseURL!, account);
    await page.goto('/login');
    await logInThroughForm(page, account.email, `${account.password}-nope`);
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
    await expect(page).toHaveURL(/\/login$/);

    // Unknown emails answer exactly the same (no account enumeration).
    await page.getByLabel('Email address').fill(`nobody-${account.email}`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);

    await logInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  test('coming back from a failed social login sees the generic login error', async ({ page }) => {
    await page.goto('/login?error=auth_failed');
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  });
});

test.describe('a signed-in user', () => {
  test('stays signed in across a reload of /c/new (silent refresh)', async ({ page }) => {
    const account = newAccount('reload');
    await page.goto('/register');
    await registerThroughForm(page, account);
    await expect(userMenuButton(page, account)).toBeVisible();

    // The page's timers run on a clock of our own: the gate's 300 ms redirect delay is run through, not slept.
    await page.clock.install();
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(userMenuButton(page, account)).toBeVisible();
    // Past the redirect delay: the gate had its chance to send us away and did not.
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(userMenuButton(page, account)).toBeVisible();

    // /login sends a signed-in user back to the chat.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  test('logs out, lands on /login, and a reload does not bring the session back', async ({ page }) => {
    const account = newAccount('logout');
    await page.goto('/register');
    await registerThroughForm(page, account);
    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    await page.goto('/c/new');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('with registration disabled, the sign-up link is gone and /register goes to /login', async ({
  page,
}) => {
  test.setTimeout(OWN_SERVER_TIMEOUT_MS);
  const server = await startParley({ ALLOW_REGISTRATION: 'false' });
  try {
    await page.goto(`${server.url}/login`);
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);

    await page.goto(`${server.url}/register`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('social buttons follow the config: enabled providers, in order, to {serverDomain}/oauth/{provider}', async ({
  page,
}) => {
  test.setTimeout(OWN_SERVER_TIMEOUT_MS);
  const server = await startParley({
    ALLOW_SOCIAL_LOGIN: 'true',
    GOOGLE_CLIENT_ID: 'google-id',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GITHUB_CLIENT_ID: 'github-id',
    GITHUB_CLIENT_SECRET: 'github-secret',
    DISCORD_CLIENT_ID: 'discord-id',
    DISCORD_CLIENT_SECRET: 'discord-secret',
    FACEBOOK_CLIENT_ID: 'facebook-id',
    FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    OPENID_ISSUER: 'http://127.0.0.1:9/issuer',
    OPENID_CLIENT_ID: 'openid-id',
    OPENID_CLIENT_SECRET: 'openid-secret',
    OPENID_BUTTON_LABEL: 'Company SSO',
  });
  try {
    await page.goto(`${server.url}/login`);
    const expected: [string, string][] = [
      ['Continue with Google', 'google'],
      ['Continue with Facebook', 'facebook'],
      ['Company SSO', 'openid'],
      ['Continue with GitHub', 'github'],
      ['Continue with Discord', 'discord'],
    ];
    const buttons = page.getByRole('listitem').getByRole('link');
    await expect(buttons).toHaveText(expected.map(([label]) => label));
    for (const [index, [, provider]] of expected.entries()) {
      await expect(buttons.nth(index)).toHaveAttribute('href', `${server.url}/oauth/${provider}`);
    }
    for (const viewport of Object.values(VIEWPORTS)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        // The picture: the login form and under it the five providers' buttons, each whole in the window,
        // none over another or over the form; nothing sticking out sideways.
        const form = [
          page.getByRole('heading', { name: 'Welcome back' }),
          page.getByLabel('Email address'),
          page.getByLabel('Password', { exact: true }),
          page.getByRole('button', { name: 'Log in' }),
        ];
        const all = [...form, ...(await buttons.all())];
        for (const part of all) await expectShown(part);
        await expectApart(...all);
        await expectNoSidewaysScroll(page);
        await snapshot(page, `auth-login-social-${colorScheme}-${viewport.width}`);
      }
    }
  } finally {
    await server.stop();
  }
});

test.describe('password reset', () => {
  test('with email off: the screen says to ask the administrator, and no answer carries a link', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount('reset-off');
    await createAccount(request, baseURL!, account);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('status')).toHaveText(
      'This server does not send password reset emails. Ask its administrator to reset your password.',
    );
    await expect(page.getByLabel('Email address')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const answer = await request.post(`${baseURL}/api/auth/requestPasswordReset`, {
      data: { email: account.email },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.text()).not.toContain('reset-password');
  });

  test('with email on: the link arrives by mail and works once', async ({ page, request }) => {
    test.setTimeout(OWN_SERVER_TIMEOUT_MS);
    const sink = await startSmtpSink();
    const server = await startParley({
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: String(sink.port),
      EMAIL_USERNAME: 'parley',
      EMAIL_PASSWORD: 'sink-accepts-anything',
      EMAIL_FROM: 'noreply@parley.test',
    });
    try {
      const account = newAccount('reset-mail');
      await createAccount(request, server.url, account);

      await page.goto(`${server.url}/forgot-password`);
      await page.getByLabel('Email address').fill(account.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Reset password' })).toHaveCount(0);

      const link = linkInMail(await sink.waitForMail(account.email), '/reset-password');
      expect(link.startsWith(`${server.url}/reset-password?`)).toBe(true);
      await page.goto(link);
      const newPassword = `${account.password}-mailed`;
      await chooseNewPassword(page, newPassword);
      await logInThroughForm(page, account.email, newPassword);
      await expect(page).toHaveURL(`${server.url}/c/new`);

      // The token was single-use.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByLabel('New password').fill('another password');
      await page.getByLabel('Confirm password').fill('another password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByRole('alert')).toContainText('This password reset token is no longer valid.');
      await page.getByRole('link', { name: 'Request a new reset link' }).click();
      await expect(page).toHaveURL(`${server.url}/forgot-password`);
    } finally {
      await server.stop();
      await sink.close();
    }
  });

  test('a link without token or user id says so and cannot be submitted', async ({ page }) => {
    await page.goto('/reset-password');
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText('Unable to process: No valid reset token');
    await expect(alert).toContainText('Unable to process: No valid user id');
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  });
});

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Success' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
