// Test support: drives the fake ChatGPT web backend (`@parley/fakes`) as a conformance target.
import type { FakeChatGPTBrowser } from '@parley/fakes/chatgpt-browser-server';
import type { ConformanceTarget } from '../conformance/conformance-suite';
import { scriptedConformanceTarget } from '../conformance/scripted-target';
import type { ChatProvider, ChatRequest } from '../types';

export function chatGPTBrowserConformanceTarget(
  fake: FakeChatGPTBrowser,
  provider: ChatProvider,
  request: () => ChatRequest,
): ConformanceTarget {
  return scriptedConformanceTarget({
    provider,
    request,
    script: (reply) => fake.script({ replies: [reply] }),
  });
}

/** A one-turn request with the given credentials (`apiKey` = access token, `baseURL` = conversation URL). */
export function helloChatGPT(
  credentials: ChatRequest['credentials'],
  params: ChatRequest['params'] = {},
): ChatRequest {
  return {
    model: 'text-davinci-002-render-sha',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello?' }] }],
    params,
    credentials,
  };
}
