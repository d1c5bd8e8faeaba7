import { describe, expect, it } from 'vitest';
import { markdownToPlain } from './plain-text';

/** The plain text with its highlighted stretches in [brackets], to read the expectations at a glance. */
function marked(markdown: string, words: string[] = []): string {
  const ranges = words.map((word) => {
    const start = markdown.indexOf(word);
    if (start === -1) throw new Error(`${word} not in the text`);
    return { start, end: start + word.length };
  });
  const plain = markdownToPlain(markdown, ranges);
  let result = '';
  let position = 0;
  for (const range of plain.ranges) {
    result += `${plain.text.slice(position, range.start)}[${plain.text.slice(range.start, range.end)}]`;
    position = range.end;
  }
  return result + plain.text.slice(position);
}

describe('markdownToPlain', () => {
  it('drops emphasis, strike-through and code marks and keeps the highlight on the word', () => {
    expect(marked('Use **bold** and *it* and __under__ with ~~old~~ `code`', ['bold', 'code'])).toBe(
      'Use [bold] and it and under with old [code]',
    );
  });

  it('a highlight that covered the marks covers the word only', () => {
    expect(marked('a **bold** word', ['**bold**'])).toBe('a [bold] word');
  });

  it('drops heading, quote and list markers and joins the lines', () => {
    expect(marked('# Title\n\n> quoted\n- one\n* two\n1. three\n- [x] done', ['quoted', 'three'])).toBe(
      'Title [quoted] one two [three] done',
    );
  });

  it('keeps the text of links and images, not their targets', () => {
    expect(
      marked('See [the **docs**](https://example.com/a_b "t") and ![a cat](cat.png) <https://x.org>', [
        'docs',
        'cat',
      ]),
    ).toBe('See the [docs] and a [cat] https://x.org');
  });

  it('keeps code inside fences and drops the fence lines', () => {
    expect(marked('Before\n```js\nconst a_b = 2 * 3;\n```\nAfter', ['a_b'])).toBe(
      'Before const [a_b] = 2 * 3; After',
    );
  });

  it('leaves what is not syntax: snake_case, "a * b", a lone tilde, escaped marks', () => {
    expect(marked('snake_case_name is 2 * 3 ~ \\*not bold\\*')).toBe('snake_case_name is 2 * 3 ~ *not bold*');
  });

  it('drops thematic breaks and table rules, and table pipes become spaces', () => {
    expect(marked('| a | b |\n|---|:-:|\n| 1 | 2 |\n\n---\nend')).toBe('a b 1 2 end');
  });

  it('a highlight made of syntax only disappears', () => {
    expect(markdownToPlain('## x', [{ start: 0, end: 2 }]).ranges).toEqual([]);
  });
});
