// Turns "the whole text so far" snapshots into append-only deltas.

export class WholeTextDeltas {
  private emitted = '';

  /**
   * The new suffix when `whole` extends what was emitted; '' when it does not grow or is not an
   * extension (a rewrite cannot be taken back from a delta stream, so it is not emitted at all).
   */
  next(whole: string): string {
    if (whole.length <= this.emitted.length || !whole.startsWith(this.emitted)) return '';
    const delta = whole.slice(this.emitted.length);
    this.emitted = whole;
    return delta;
  }

  get text(): string {
    return this.emitted;
  }
}
