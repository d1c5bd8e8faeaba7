// Test support: drives the fake Anthropic server (`@parley/fakes`) as a conformance target.
import type { FakeAnthropic } from '@parley/fakes/anthropic-server';
import type { ConformanceTarget } from '../conformance/conformance-suite';
import { scriptedConformanceTarget } from '../conformance/scripted-target';
import type { ChatProvider, ChatRequest } from '../types';

export function anthropicConformanceTarget(
  fake: FakeAnthropic,
  provider: ChatProvider,
  request: () => ChatRequest,
): ConformanceTarget {
  return scriptedConformanceTarget({
    provider,
    request,
    script: (reply) => fake.script({ replies: [reply] }),
    usage: (n: number) => ({ input_tokens: 12, output_tokens: n }),
  });
}

/** A one-turn request to `model` with the given credentials. */
export function helloClaude(
  credentials: ChatRequest['credentials'],
  model = 'claude-3-haiku-20240307',
): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }],
    params: {},
    credentials,
  };
}
