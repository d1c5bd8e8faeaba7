// Where a scripted stream waits (`holdAfterChunks`) until the test lets it go: a test checks the app
// "while the reply streams" against a state that lasts until it says so, not against a clock.
import { untilAborted } from './sse';

export class ReleaseGate {
  private waiters: Array<() => void> = [];
  /** Releases asked for before any stream reached its hold; each lets one later hold pass at once. */
  private early = 0;

  /** Resolves when `release` is called (or was called early) or the client goes away. */
  wait(signal: AbortSignal): Promise<void> {
    if (this.early > 0) {
      this.early -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      void untilAborted(signal).then(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== resolve);
        resolve();
      });
    });
  }

  /** Lets every held stream go on; with none held yet, the next hold passes. */
  release(): void {
    const held = this.waiters;
    this.waiters = [];
    if (held.length === 0) this.early += 1;
    for (const resolve of held) resolve();
  }

  reset(): void {
    this.release();
    this.early = 0;
  }
}
