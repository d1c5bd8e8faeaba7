interface Slot<T> {
  value?: { data: T; loadedAt: number };
  pending?: Promise<T>;
}

/**
 * Values loaded at most once per `ttlMs` per key. A fresh value is returned as is; a stale one is returned
 * at once while one reload runs in the background; only the very first load of a key is awaited, and
 * concurrent callers share it. `load` should not throw (it returns its own fallback); if it does, a first
 * load rejects and a background reload keeps the stale value.
 */
export class RefreshingCache<T> {
  private readonly slots = new Map<string, Slot<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key) ?? {};
    this.slots.set(key, slot);
    const { value } = slot;
    if (value && this.now() - value.loadedAt < this.ttlMs) return Promise.resolve(value.data);
    const pending = slot.pending ?? this.reload(slot, load);
    if (value) {
      pending.catch(() => undefined);
      return Promise.resolve(value.data);
    }
    return pending;
  }

  private reload(slot: Slot<T>, load: () => Promise<T>): Promise<T> {
    const pending = load().then(
      (data) => {
        slot.value = { data, loadedAt: this.now() };
        slot.pending = undefined;
        return data;
      },
      (error: unknown) => {
        slot.pending = undefined;
        throw error;
      },
    );
    slot.pending = pending;
    return pending;
  }
}
