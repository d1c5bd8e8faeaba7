/** What `LiveQueue.next` resolves to when no item came. */
export type QueueWait = 'timeout' | 'aborted';

/** A buffer of pushed items with one consumer awaiting the next, a timeout or an abort signal. */
export class LiveQueue<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    this.waiter?.();
  }

  async next(signal: AbortSignal | undefined, timeoutMs: number): Promise<T | QueueWait> {
    const ready = this.items.shift();
    if (ready !== undefined) return ready;
    if (signal?.aborted) return 'aborted';
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiter = undefined;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiter = done;
    });
    const item = this.items.shift();
    if (item !== undefined) return item;
    return signal?.aborted ? 'aborted' : 'timeout';
  }
}
