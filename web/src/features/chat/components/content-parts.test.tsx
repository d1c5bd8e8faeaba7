// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { imagesNotSeenPart } from '@parley/shared/messages/images-not-seen';
import '../../../test/render';
import { ContentParts } from './content-parts';

const SRC = 'https://www.bing.com/images/create?partner=sydney&q=a+red+fox';

function show(text: string) {
  return render(
    <ContentParts content={[{ type: 'text', text }]} streaming={false} latex={false} deferMarkdown={false} />,
  ).container;
}

describe('Bing image embeds in a reply (SPEC §5)', () => {
  it('renders an accepted embed as the Image Creator iframe', () => {
    const container = show(`I'll draw that.\n\n<iframe role="presentation" src="${SRC}"></iframe>`);
    const frames = container.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute('src')).toBe(SRC);
    expect(frames[0]?.getAttribute('role')).toBe('presentation');
    expect(container.textContent).toContain("I'll draw that.");
  });

  it('shows a refused embed as text, never as an element', () => {
    const html = `<iframe role="presentation" src="${SRC}"></iframe><script>alert(1)</script>`;
    const container = show(`Here:\n\n${html}`);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<iframe role="presentation"');
  });
});

describe('an assistants reply made without seeing the message’s images', () => {
  const reply = (part: ReturnType<typeof imagesNotSeenPart>) =>
    render(
      <ContentParts
        content={[part, { type: 'text', text: 'I cannot see it.' }]}
        streaming={false}
        latex={false}
        deferMarkdown={false}
      />,
    ).container;

  it('says first, in the user’s words, that the model did not see them and how to change that', () => {
    const container = reply(imagesNotSeenPart('assistant', ['red.png', 'blue.png']));
    const note = container.querySelector('[role="note"]');
    expect(note?.textContent).toBe(
      'This assistant cannot see images, so the model did not see red.png and blue.png. Turn on “Image vision” in the assistant builder to change that.',
    );
    expect(container.textContent).not.toContain('images_not_seen');
    expect(container.textContent).toContain('I cannot see it.');
  });

  it('says when the server cannot show images at all', () => {
    const note = reply(imagesNotSeenPart('server', ['red.png'])).querySelector('[role="note"]');
    expect(note?.textContent).toBe(
      'Images cannot be shown to the model on this server, so it did not see red.png.',
    );
  });

  it('still shows any other error part as it is', () => {
    const { container } = render(
      <ContentParts
        content={[{ type: 'error', error: '{"type":"other"}' }]}
        streaming={false}
        latex={false}
        deferMarkdown={false}
      />,
    );
    expect(container.querySelector('[role="note"]')).toBeNull();
    expect(container.textContent).toBe('{"type":"other"}');
  });
});
