import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What a screenshot is meant to show, asserted: a journey that saves a PNG also fails when the screen is
 * broken (hidden, cut off, overlapping), not only when a person looks at the picture.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box: it is not rendered`);
  return box;
}

/** Visible, scrolled into view and wholly inside the window's width (nothing cut off at either side). */
export async function expectShown(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeInViewport();
  const width = await locator
    .page()
    .locator('html')
    .evaluate((html) => html.clientWidth);
  const box = await boxOf(locator);
  expect(box.x, `${locator.toString()} starts left of the window`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${locator.toString()} ends right of the window`).toBeLessThanOrEqual(
    width + 0.5,
  );
}

/** No two of `locators` overlap (boxes touching at an edge are fine). */
export async function expectApart(...locators: Locator[]): Promise<void> {
  const boxes = await Promise.all(locators.map(boxOf));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      expect(
        overlapX > 1 && overlapY > 1,
        `${locators[i]!.toString()} overlaps ${locators[j]!.toString()}`,
      ).toBe(false);
    }
  }
}

/** The page does not scroll sideways: nothing sticks out of the window's width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page
    .locator('html')
    .evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}
