// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
