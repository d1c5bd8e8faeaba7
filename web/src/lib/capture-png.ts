/** Background of screenshot exports (SPEC §9): the page colour of each theme. */
export const SCREENSHOT_BACKGROUND = { dark: '#171717', light: '#ffffff' } as const;

/** Renders an element to a PNG (html-to-image, loaded on first use so the initial bundle stays small). */
export async function capturePng(element: HTMLElement, backgroundColor: string): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(element, { backgroundColor, pixelRatio: 1 });
  if (!blob) throw new Error('The screenshot could not be made');
  return blob;
}
