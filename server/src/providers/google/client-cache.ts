import { createHash } from 'node:crypto';

/**
 * Keeps one client per distinct credentials, so a Vertex client's OAuth token (valid for an hour) serves
 * many calls instead of being fetched again for each. Bounded: the oldest entry goes first.
 */
export class ClientCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries: number) {}

  get(identity: unknown, create: () => T): T {
    const key = createHash('sha256').update(JSON.stringify(identity)).digest('hex');
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const created = create();
    this.entries.set(key, created);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return created;
  }
}
