// Test support: drives the fake Google server (`@parley/fakes`) as a conformance target.
import type { FakeGoogle } from '@parley/fakes/google-server';
import type { ConformanceTarget } from '../conformance/conformance-suite';
import { scriptedConformanceTarget } from '../conformance/scripted-target';
import type { ChatProvider, ChatRequest } from '../types';

export function googleConformanceTarget(
  fake: FakeGoogle,
  provider: ChatProvider,
  request: () => ChatRequest,
): ConformanceTarget {
  return scriptedConformanceTarget({
    provider,
    request,
    script: (reply) => fake.script({ replies: [reply] }),
    usage: (n: number) => ({ promptTokenCount: 12, candidatesTokenCount: n }),
  });
}

/** A one-turn request to `model` with the given credentials. */
export function helloGemini(credentials: ChatRequest['credentials'], model = 'gemini-1.5-pro'): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }],
    params: {},
    credentials,
  };
}
