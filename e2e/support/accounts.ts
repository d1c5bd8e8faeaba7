import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A fresh account's details; the email is unique so journeys never collide. */
export function newAccount(label = 'user'): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `Test ${label} ${id}`, email: `${label}-${id}@example.com`, password: `pw-${id}-secret` };
}

/**
 * Creates the account through the API with a request context of its own, so the page under test does not
 * receive its refresh cookie and starts signed out.
 */
export async function createAccount(request: APIRequestContext, baseURL: string, account: Account) {
  const response = await request.post(`${baseURL}/api/auth/register`, {
    data: { ...account, confirm_password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills and sends the registration form of the page's current server. */
export async function registerThroughForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Fills and sends the login form. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The signed-in shell shows the user's menu button, named after them. */
export function userMenuButton(page: Page, account: Account) {
  return page.getByRole('button', { name: account.name });
}
