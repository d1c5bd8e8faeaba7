import { Suspense, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createIdleQueue } from './markdown/idle-queue';
import { lazyChunk, prefetchWhenIdle } from './lazy-chunk';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const render = (Component: ComponentType<{ name: string }>) =>
  renderToStaticMarkup(
    <Suspense fallback={<i>loading</i>}>
      <Component name="Ada" />
    </Suspense>,
  );

describe('lazyChunk', () => {
  it('fetches the chunk once, however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Chunk = lazyChunk(load);
    await Promise.all([Chunk.preload(), Chunk.preload()]);
    await Chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends before the chunk is in, and renders at once after a preload', async () => {
    const Chunk = lazyChunk(() => Promise.resolve(Greeting));
    expect(render(Chunk)).toBe('<i>loading</i>');
    await Chunk.preload();
    expect(render(Chunk)).toBe('<p>Hello Ada</p>');
  });

  it('never rejects a preload, and tries a failed fetch again', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting);
    const Chunk = lazyChunk(load);
    await expect(Chunk.preload()).resolves.toBeUndefined();
    await Chunk.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(render(Chunk)).toBe('<p>Hello Ada</p>');
  });
});

describe('prefetchWhenIdle', () => {
  it('preloads one chunk per idle callback and can be cancelled', () => {
    const requested: (() => void)[] = [];
    const queue = createIdleQueue((run) => requested.push(run));
    const first = { preload: vi.fn(() => Promise.resolve()) };
    const second = { preload: vi.fn(() => Promise.resolve()) };
    const third = { preload: vi.fn(() => Promise.resolve()) };

    prefetchWhenIdle([first, second], queue);
    const cancel = prefetchWhenIdle([third], queue);
    expect(first.preload).not.toHaveBeenCalled();
    requested.shift()?.();
    expect(first.preload).toHaveBeenCalledTimes(1);
    expect(second.preload).not.toHaveBeenCalled();
    cancel();
    while (requested.length > 0) requested.shift()?.();
    expect(second.preload).toHaveBeenCalledTimes(1);
    expect(third.preload).not.toHaveBeenCalled();
  });
});
