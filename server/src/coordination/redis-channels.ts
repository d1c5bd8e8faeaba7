import type { Redis } from 'ioredis';
import { closeRedis } from './redis-outage';

export type ChannelListener = (message: string) => void;

/**
 * One subscriber connection shared by every listener of this process: a channel is subscribed while it
 * has at least one listener. Subscribing resolves once Redis confirmed it, so nothing published after that
 * is missed.
 */
export class RedisChannels {
  private readonly listeners = new Map<string, Set<ChannelListener>>();

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', (channel: string, message: string) => {
      for (const listener of [...(this.listeners.get(channel) ?? [])]) listener(message);
    });
    // After an outage (or a first connection that failed), every channel still listened to is subscribed
    // again; subscribing twice is harmless.
    subscriber.on('ready', () => {
      const channels = [...this.listeners.keys()];
      if (channels.length > 0) this.subscriber.subscribe(...channels).catch(() => undefined);
    });
  }

  /** Resolves once subscribed; rejects (listening to nothing) when Redis cannot be reached. */
  async add(channel: string, listener: ChannelListener): Promise<() => void> {
    const first = this.register(channel, listener);
    const unsubscribe = () => this.remove(channel, listener);
    if (first) {
      try {
        await this.subscriber.subscribe(channel);
      } catch (error) {
        unsubscribe();
        throw error;
      }
    }
    return unsubscribe;
  }

  /**
   * Like `add`, but the listener stays when Redis cannot be reached now: it is subscribed as soon as the
   * connection is made. Resolves after the first attempt either way.
   */
  async addLasting(channel: string, listener: ChannelListener): Promise<() => void> {
    if (this.register(channel, listener)) await this.subscriber.subscribe(channel).catch(() => undefined);
    return () => this.remove(channel, listener);
  }

  /** Adds the listener; true when it is the channel's first. */
  private register(channel: string, listener: ChannelListener): boolean {
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return first;
  }

  private remove(channel: string, listener: ChannelListener): void {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(channel);
    // Commands on one connection run in order, so a later re-subscribe of the same channel wins.
    this.subscriber.unsubscribe(channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await closeRedis(this.subscriber);
  }
}
