// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { trackInputModality } from './input-modality';

describe('trackInputModality (issue 16 item 7)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    delete document.documentElement.dataset.inputModality;
  });

  it('a pointer press makes it "pointer", a key press "keyboard"', () => {
    stop = trackInputModality();
    const root = document.documentElement;
    expect(root.dataset.inputModality).toBeUndefined();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(root.dataset.inputModality).toBe('pointer');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(root.dataset.inputModality).toBe('keyboard');
  });

  it('a shortcut with Ctrl, Alt or Meta leaves it as it was', () => {
    stop = trackInputModality();
    const root = document.documentElement;
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', ctrlKey: true, bubbles: true }));
    expect(root.dataset.inputModality).toBe('pointer');
  });

  it('stops listening when asked', () => {
    trackInputModality()();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.documentElement.dataset.inputModality).toBeUndefined();
  });
});
