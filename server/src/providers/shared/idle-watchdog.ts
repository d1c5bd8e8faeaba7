/**
 * An abort signal for one provider call: it fires when the caller's signal fires, or when `idleMs`
 * pass without `touch()` — a stream that stalls with its socket open would otherwise hang forever.
 */
export class IdleWatchdog {
  private readonly idle = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private expired = false;
  readonly signal: AbortSignal;

  constructor(
    parent: AbortSignal,
    private readonly idleMs: number,
  ) {
    this.signal = AbortSignal.any([parent, this.idle.signal]);
    this.touch();
  }

  /** Restarts the idle countdown; call it whenever data arrives. */
  touch(): void {
    clearTimeout(this.timer);
    if (this.expired) return;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.idle.abort(new Error(`no data from the provider for ${this.idleMs} ms`));
    }, this.idleMs);
  }

  /** True when the watchdog (not the caller) ended the call. */
  get timedOut(): boolean {
    return this.expired;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
