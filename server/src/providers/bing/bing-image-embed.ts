// An Image Creator answer (`contentType: IMAGE`, its text the image prompt) is shown as Bing's own page in
// an iframe. SPEC §5: the web client accepts an embed only if it is one `role="presentation"` iframe with
// the image-creation source and nothing else (no script, img, style, div, a, input, button or form).

export const IMAGE_CREATION_URL = 'https://www.bing.com/images/create';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function imageEmbed(prompt: string, messageId: string): string {
  const url = new URL(IMAGE_CREATION_URL);
  const params = {
    partner: 'sydney',
    re: '1',
    showselective: '1',
    sude: '1',
    q: prompt,
    iframeid: messageId,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `<iframe role="presentation" src="${escapeAttribute(url.toString())}"></iframe>`;
}
