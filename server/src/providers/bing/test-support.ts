// Test support: a fake Bing per test file, reset before each test, and readers of what it received.
import { startFakeBing } from '@parley/fakes/bing-server';
import type { FakeBing } from '@parley/fakes/bing-server';
import type { BingReply } from '@parley/fakes/bing-script';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatProvider, ChatRequest, ProviderEvent } from '../types';
import { helloBing } from './bing-conformance-target';

export const COOKIE = 'abc123';
export const COOKIES = `_U=${COOKIE}; SRCHHPGUSR=x`;

export interface Invocation {
  arguments: Array<Record<string, unknown>>;
  invocationId: string;
  target: string;
  type: number;
}

export interface BingHarness {
  fake(): FakeBing;
  request(overrides?: Partial<ChatRequest>): ChatRequest;
  /** Scripts `reply`, runs one turn and returns its events and error. */
  run(reply: BingReply, req?: ChatRequest): Promise<{ events: ProviderEvent[]; error: unknown }>;
  /** The SignalR records the client sent, in order. */
  hubRecords(): unknown[];
  invocations(): Invocation[];
  /** `arguments[0]` of the last invocation. */
  lastArgument(): Record<string, unknown>;
}

/** Starts a fake Bing for the file (expecting COOKIE as `_U`) and resets it before each test. */
export function useFakeBing(provider: ChatProvider): BingHarness {
  let fake: FakeBing | undefined;
  beforeAll(async () => {
    fake = await startFakeBing();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    current().reset();
    current().script({ apiKey: COOKIE });
  });
  const current = (): FakeBing => {
    if (!fake) throw new Error('the fake Bing is not running');
    return fake;
  };
  const hubRecords = (): unknown[] =>
    current()
      .requests.filter((r) => r.method === 'WS')
      .map((r) => r.body);
  const invocations = (): Invocation[] =>
    hubRecords().filter(
      (r): r is Invocation => typeof r === 'object' && r !== null && 'type' in r && r.type === 4,
    );
  const request = (overrides: Partial<ChatRequest> = {}): ChatRequest =>
    helloBing({ cookies: COOKIES, baseURL: current().url }, overrides);
  return {
    fake: current,
    request,
    run: async (reply, req = request()) => {
      current().script({ replies: [reply] });
      const { events, error } = await collectEvents(provider, req, new AbortController().signal);
      return { events: events.map(({ event }) => event), error };
    },
    hubRecords,
    invocations,
    lastArgument: () => {
      const argument = invocations().at(-1)?.arguments[0];
      if (!argument) throw new Error('no invocation received');
      return argument;
    },
  };
}

export function textOf(events: ProviderEvent[]): string {
  return events.map((e) => (e.type === 'text-delta' ? e.delta : '')).join('');
}

export function stateOf(events: ProviderEvent[]): Record<string, unknown> {
  const event = events.find((e) => e.type === 'provider-state');
  if (event?.type !== 'provider-state') throw new Error('no provider-state event');
  return event.state;
}
