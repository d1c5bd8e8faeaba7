// Test support: drives the fake Bing Chat (`@parley/fakes`) as a conformance target.
import type { FakeBing } from '@parley/fakes/bing-server';
import type { ConformanceTarget } from '../conformance/conformance-suite';
import { scriptedConformanceTarget } from '../conformance/scripted-target';
import type { ChatProvider, ChatRequest } from '../types';

export function bingConformanceTarget(
  fake: FakeBing,
  provider: ChatProvider,
  request: () => ChatRequest,
): ConformanceTarget {
  return scriptedConformanceTarget({
    provider,
    request,
    script: (reply) => fake.script({ replies: [reply] }),
  });
}

/** A one-turn BingAI request with the given credentials (`cookies`, `baseURL` = the Bing host). */
export function helloBing(
  credentials: ChatRequest['credentials'],
  overrides: Partial<ChatRequest> = {},
): ChatRequest {
  return {
    model: 'BingAI',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }],
    params: {},
    credentials,
    ...overrides,
  };
}
