import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as base, type Page } from '@playwright/test';
import { recordToasts } from './toasts';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

/**
 * Where every journey's `test` starts (this file's, chat-fixtures', cluster-fixtures', a spec's own): the pages
 * of its context record their toasts (support/toasts.ts), so `expectToastShown` works on `page` from the start.
 */
export const journeyTest = base.extend({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
});

/** Journeys run against the shared server started in global setup. */
export const test = journeyTest.extend({
  // Playwright reads the fixture list from the destructuring, so the empty pattern is required.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.PARLEY_URL;
    if (!url) throw new Error('PARLEY_URL is not set: global setup did not start the server');
    await use(url);
  },
});

export { expect } from '@playwright/test';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Every screen is looked at in both colour schemes. */
export const COLOR_SCHEMES = ['light', 'dark'] as const;

/** Sets the page to one of VIEWPORTS and a colour scheme, for a screenshot. */
export async function sized(
  page: Page,
  size: keyof typeof VIEWPORTS,
  colorScheme: (typeof COLOR_SCHEMES)[number],
): Promise<void> {
  await page.setViewportSize(VIEWPORTS[size]);
  await page.emulateMedia({ colorScheme });
}

/** Saves a full-page screenshot under e2e/artifacts/ (git-ignored) for people to look at. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}
