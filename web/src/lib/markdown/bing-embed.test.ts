// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { acceptedEmbedSource, splitBingEmbeds } from './bing-embed';

const SRC =
  'https://www.bing.com/images/create?partner=sydney&re=1&showselective=1&sude=1&kseed=7500&SFX=2&q=a+red+fox&iframeid=m1';
const EMBED = `<iframe role="presentation" src="${SRC}"></iframe>`;

describe('Bing image embeds (SPEC §5)', () => {
  it('accepts a single presentation iframe with the image-creation source', () => {
    expect(acceptedEmbedSource(EMBED)).toBe(SRC);
  });

  it.each([
    ['no role', `<iframe src="${SRC}"></iframe>`],
    ['another role', `<iframe role="dialog" src="${SRC}"></iframe>`],
    ['another source', '<iframe role="presentation" src="https://evil.example/images/create"></iframe>'],
    [
      'a look-alike host',
      '<iframe role="presentation" src="https://www.bing.com.evil.example/images/create"></iframe>',
    ],
    ['javascript source', '<iframe role="presentation" src="javascript:alert(1)"></iframe>'],
    ['two iframes', EMBED + EMBED],
    ...['script', 'style', 'div', 'a', 'button', 'form'].map((tag) => [
      `a ${tag}`,
      `${EMBED}<${tag}>x</${tag}>`,
    ]),
    ['an img', `${EMBED}<img src="x">`],
    ['an input', `${EMBED}<input>`],
    ['wrapped in a div', `<div>${EMBED}</div>`],
    ['extra text', `${EMBED} click me`],
  ])('refuses %s', (_name, html) => {
    expect(acceptedEmbedSource(html)).toBeUndefined();
  });

  it('splits a reply into text and the accepted embed', () => {
    expect(splitBingEmbeds(`I'll draw that.\n\n${EMBED}`)).toEqual([
      { kind: 'text', text: "I'll draw that." },
      { kind: 'embed', src: SRC },
    ]);
  });

  it('leaves a refused embed, and one inside a code fence, in the text', () => {
    const bad = `Look:\n\n<iframe role="presentation" src="https://evil.example/"></iframe>`;
    expect(splitBingEmbeds(bad)).toEqual([{ kind: 'text', text: bad }]);
    const fenced = `\`\`\`html\n\n${EMBED}\n\n\`\`\``;
    expect(splitBingEmbeds(fenced)).toEqual([{ kind: 'text', text: fenced }]);
    expect(splitBingEmbeds('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});
