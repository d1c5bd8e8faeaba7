// The reply's content parts as the loop builds them: text parts and tool-call parts in order.
import type { ContentPart } from '@parley/shared/schemas/message';
import type { ContentListener } from './agent-types';

export class ContentParts {
  readonly parts: ContentPart[] = [];
  private openText: number | undefined;

  constructor(private readonly io: ContentListener) {}

  /** Appends text to the current text part, starting one when the last part is not text. */
  appendText(delta: string): void {
    if (delta === '') return;
    let index = this.openText;
    if (index === undefined) {
      index = this.parts.length;
      this.parts.push({ type: 'text', text: '' });
      this.openText = index;
    }
    const part = this.parts[index];
    if (part?.type !== 'text') return;
    const offset = part.text.length;
    part.text += delta;
    this.io.onText(index, delta, offset);
  }

  /** Adds a part (a tool call, an image) and answers its index; later text starts a new text part. */
  add(part: ContentPart): number {
    this.openText = undefined;
    this.parts.push(part);
    const index = this.parts.length - 1;
    this.io.onPart(index, part);
    return index;
  }

  update(index: number, part: ContentPart): void {
    this.parts[index] = part;
    this.io.onPart(index, part);
  }

  /** The reply's `text`: its text parts joined by a blank line. */
  text(): string {
    return this.parts
      .flatMap((part) => (part.type === 'text' && part.text !== '' ? [part.text] : []))
      .join('\n\n');
  }
}
