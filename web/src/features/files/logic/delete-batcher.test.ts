import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeleteBatcher, type FileToDelete } from './delete-batcher';

const file = (id: string): FileToDelete => ({
  file_id: id,
  filepath: `/f/${id}`,
  source: 'local',
  embedded: false,
});

describe('createDeleteBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends removals made within a second of each other as one batch', () => {
    const batches: FileToDelete[][] = [];
    const batcher = createDeleteBatcher((files) => batches.push(files));
    batcher.add([file('a')]);
    vi.advanceTimersByTime(900);
    batcher.add([file('b')]);
    vi.advanceTimersByTime(900);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([[file('a'), file('b')]]);
  });

  it('sends a file queued twice once', () => {
    const batches: FileToDelete[][] = [];
    const batcher = createDeleteBatcher((files) => batches.push(files));
    batcher.add([file('a'), file('a')]);
    batcher.add([file('a')]);
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([[file('a')]]);
  });

  it('flush sends at once and leaves nothing queued', () => {
    const batches: FileToDelete[][] = [];
    const batcher = createDeleteBatcher((files) => batches.push(files));
    batcher.add([file('a')]);
    batcher.flush();
    vi.advanceTimersByTime(5000);
    expect(batches).toEqual([[file('a')]]);
  });

  it('sends nothing when nothing was queued', () => {
    const send = vi.fn();
    const batcher = createDeleteBatcher(send);
    batcher.add([]);
    batcher.flush();
    vi.advanceTimersByTime(5000);
    expect(send).not.toHaveBeenCalled();
  });
});
