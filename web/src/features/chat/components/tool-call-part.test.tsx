// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ToolCall } from '@parley/shared/schemas/message';
import { describe, expect, it } from 'vitest';
import '../../../test/render';
import { ToolCallPart } from './tool-call-part';
import { ToolLabels } from './tool-labels';

const dalle = (progress: number): ToolCall => ({
  id: 'call_img',
  type: 'function',
  name: 'dalle',
  arguments: '{"prompt":"a red fox"}',
  progress,
});

function show(call: ToolCall) {
  render(
    <ToolLabels.Provider value={{ dalle: { name: 'DALL-E 3' } }}>
      <ToolCallPart call={call} />
    </ToolLabels.Provider>,
  );
  return screen.getByRole('button');
}

describe('an image tool step', () => {
  it('says which tool made the image after SPEC’s "Finished", not "Finished" alone', () => {
    const step = show(dalle(1));
    expect(step.textContent).toContain('Finished');
    expect(step.textContent).toContain('DALL-E 3');
  });

  it('names it while it runs too, and a failure says the tool failed', () => {
    expect(show(dalle(0.5)).textContent).toMatch(/Creating Image.*DALL-E 3/);
    cleanup();
    expect(show(dalle(2)).textContent).toBe('Error using DALL-E 3');
  });
});
