// Test support: drives the fake OpenAI server (`@parley/fakes`) as a conformance target for the
// Chat Completions adapters (openAI, azureOpenAI, custom).
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import type { ConformanceTarget } from '../conformance/conformance-suite';
import { scriptedConformanceTarget } from '../conformance/scripted-target';
import type { ChatProvider, ChatRequest } from '../types';

export function openAIConformanceTarget(
  fake: FakeOpenAI,
  provider: ChatProvider,
  request: () => ChatRequest,
): ConformanceTarget {
  return scriptedConformanceTarget({
    provider,
    request,
    script: (reply) => fake.script({ replies: [reply] }),
    usage: (n: number) => ({ prompt_tokens: 12, completion_tokens: n }),
  });
}

/** A one-turn request to `model` with the given credentials. */
export function helloRequest(credentials: ChatRequest['credentials'], model = 'gpt-4o'): ChatRequest {
  return {
    model,
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }],
    params: {},
    credentials,
  };
}
